//! How the binary is linked: on x86-64 Linux, statically when glibc's static libraries
//! are there, for a faster start (`.cargo/config.toml`, `scripts/static-gcc`), and
//! dynamically, as usual, when they are not.

/// The little-endian number of `n` bytes at `at` in `elf`.
fn word(elf: &[u8], at: usize, n: usize) -> usize {
    (elf[at..at + n].iter().rev()).fold(0usize, |v, &b| v << 8 | usize::from(b))
}

/// The types of the ELF file's program headers (64-bit, little-endian).
fn segment_types(elf: &[u8]) -> Vec<u32> {
    assert_eq!(&elf[..4], b"\x7fELF", "not an ELF file");
    let (offset, size, count) = (word(elf, 0x20, 8), word(elf, 0x36, 2), word(elf, 0x38, 2));
    (0..count)
        .map(|i| word(elf, offset + i * size, 4) as u32)
        .collect()
}

#[test]
#[cfg(all(target_os = "linux", target_arch = "x86_64", target_env = "gnu"))]
fn the_binary_is_static_where_glibc_has_static_libraries() {
    // `cc` names the file it would link, or echoes the bare name if it has none.
    let found = |archive: &str| {
        let out = std::process::Command::new("cc")
            .arg(format!("-print-file-name={archive}"))
            .output()
            .expect("cc runs");
        let path = std::path::PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        path.is_absolute() && path.exists()
    };
    // The static C library and the static unwinder, as the link needs, and the
    // project's linker (the README's way to link as usual names another).
    let ours = option_env!("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER")
        .is_none_or(|linker| linker.ends_with("static-gcc"));
    let static_libs = ours && found("libc.a") && found("libgcc_eh.a");
    let binary = env!("CARGO_BIN_EXE_polyx");
    const PT_INTERP: u32 = 3;
    let elf = std::fs::read(binary).expect("the binary");
    let types = segment_types(&elf);
    assert!(types.contains(&1), "no loadable segment: {types:?}");
    assert_eq!(
        !types.contains(&PT_INTERP),
        static_libs,
        "{binary}: static {}, expected {static_libs}",
        !types.contains(&PT_INTERP)
    );
    // Static, it is not position-independent either (`-static -no-pie`): an executable
    // (ET_EXEC), not a shared object (ET_DYN), so it does not relocate itself at start.
    const ET_EXEC: usize = 2;
    if static_libs {
        assert_eq!(word(&elf, 0x10, 2), ET_EXEC, "{binary}: a static PIE");
    }
    // Either way it runs.
    let out = std::process::Command::new(binary)
        .args(["count", "tetrominoes-4x5"])
        .output()
        .expect("runs");
    assert!(out.status.success());
}
