//! The one integration test binary; each module is one area.

mod apps;
mod cli;
mod cli_tiling;
mod engine;
mod errors;
mod fuzz_props;
mod instances;
mod linking;
mod long_runs;
mod props;
mod render_snapshots;
mod tiling;
mod tiling_props;

/// The shared folder next to the worktree (instances, known counts).
pub fn shared() -> std::path::PathBuf {
    std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared"))
}
