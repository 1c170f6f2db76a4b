//! The one integration test binary; each module is one area.

mod big_counts;
mod cli;
mod cli_sudoku;
mod cli_target;
mod cli_tiling;
mod cli_xcc;
mod cluster;
mod design_check;
mod design_generate;
mod errors;
mod first_solutions;
mod fuzz_props;
mod grids;
mod long_grids;
mod long_runs;
mod no_solution;
mod pieces;
mod progress;
mod render_snapshots;
mod sequence;
mod serve_api;
mod serve_browser;
mod solids;
mod sticks;
mod sticks_features;
mod sticks_props;
mod stl;
mod tiling;

/// The tests' data: the DLX instances (copied from the project's shared folder) and the
/// table of published counts.
pub fn data() -> std::path::PathBuf {
    std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"))
}
