//! The engine against Knuth's instances, published counts and brute force: both tables
//! ([`super::dlx::Dlx`], [`super::bits::Bitsets`]) with their self-checks.

mod best;
mod colors;
mod engine;
mod instances;
mod props;
mod tally;

/// The tests' data: the DLX instances (copied from the project's shared folder).
fn data() -> std::path::PathBuf {
    std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"))
}
