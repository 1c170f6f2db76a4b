//! The one integration test binary; each module is one area.

mod apps;
mod cli;
mod engine;
mod errors;
mod fuzz_props;
mod instances;
mod props;
mod tiling;

/// The shared folder next to the worktree (instances, known counts).
pub fn shared() -> std::path::PathBuf {
    std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared"))
}
