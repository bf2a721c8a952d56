//! Seat secrets: 128 random bits from the operating system, given out
//! once as hex, kept only as their SHA-256.

use sha2::{Digest, Sha256};

/// A secret's stored form.
pub type SecretHash = [u8; 32];

/// A new secret (32 hex digits) and its hash.
pub fn new_secret() -> (String, SecretHash) {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    let text: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let hash = hash(&text);
    (text, hash)
}

pub fn hash(secret: &str) -> SecretHash {
    Sha256::digest(secret.as_bytes()).into()
}

/// Compares without stopping at the first difference.
pub fn same(a: &SecretHash, b: &SecretHash) -> bool {
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A random identifier of `len` characters from an alphabet without
/// look-alikes, for table ids.
pub fn new_id(len: usize) -> String {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut bytes = vec![0u8; len];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    bytes
        .iter()
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
        .collect()
}

/// A random seed for a table's deals.
pub fn new_seed() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    u64::from_le_bytes(bytes)
}
