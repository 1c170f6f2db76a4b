"""The worked notebook (examples/python-tour.ipynb) runs: its code cells in order, as a
kernel would, each last expression's picture (`_repr_svg_`) drawn; outputs are cleared."""

import ast
import json
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "python-tour.ipynb"


@pytest.mark.skipif(not NOTEBOOK.exists(), reason="run from a checkout of the repository")
def test_the_notebook_runs_and_its_outputs_are_cleared():
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert code and all(c["outputs"] == [] and c["execution_count"] is None for c in code)
    scope = {}
    shown = 0
    for cell in code:
        tree = ast.parse("".join(cell["source"]))
        last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        if last is not None:
            tree.body.pop()
        exec(compile(tree, "<cell>", "exec"), scope)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), scope)
            if hasattr(type(value), "_repr_svg_"):
                assert value._repr_svg_().startswith("<svg")
                shown += 1
    assert shown >= 4
