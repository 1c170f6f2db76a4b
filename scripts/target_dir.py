"""The polyx binary of `cargo build --release`, for the Python scripts: the same lookup
as target-dir.sh, in cargo's target folder wherever that is (CARGO_TARGET_DIR, a
workspace's, or target/)."""

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def release_binary():
    """The path of the release build's polyx."""
    meta = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--no-deps"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    return str(Path(json.loads(meta.stdout)["target_directory"]) / "release" / "polyx")
