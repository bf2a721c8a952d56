//! Helpers shared by the integration tests that drive the real binary.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

pub fn talon() -> Command {
    Command::new(env!("CARGO_BIN_EXE_talon"))
}

/// Runs `talon` with `args`, feeding `input` (bytes); returns the output
/// whatever the exit status.
pub fn output(args: &[&str], input: &[u8]) -> Output {
    let mut child = talon()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("talon runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written from a thread so a large input cannot deadlock with output.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Runs `talon` and asserts success; returns stdout.
pub fn ok(args: &[&str], input: &str) -> String {
    let out = output(args, input.as_bytes());
    assert!(
        out.status.success(),
        "talon {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `talon`, asserts failure without a panic; returns stderr.
pub fn fails(args: &[&str], input: &str) -> String {
    let out = output(args, input.as_bytes());
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!out.status.success(), "talon {args:?} should fail");
    assert!(!err.contains("panicked"), "talon {args:?} panicked: {err}");
    assert_eq!(out.status.code(), Some(1), "talon {args:?}: {err}");
    err
}

/// Engine replies to raw input bytes, parsed.
pub fn engine_raw(input: &[u8]) -> Vec<serde_json::Value> {
    let out = output(&["engine"], input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("every reply is JSON"))
        .collect()
}
