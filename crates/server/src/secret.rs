//! Seat secrets and host keys: 128 random bits as 32 lowercase hex
//! digits, kept only as their SHA-256. The server draws them from the
//! operating system and gives each out once; a person's new seat secret
//! is drawn by their own client (`new_link`) and never given out.

use sha2::{Digest, Sha256};
use std::sync::{Arc, PoisonError, RwLock};

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

/// Whether `text` reads as a secret: 32 lowercase hex digits, as
/// [`new_secret`] makes and a client choosing a new one must send.
pub fn well_formed(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// What opens a table, as hashes: each seat's secret (`None` for a bot's
/// seat), and the host key its creator was given (`None` for a table made
/// before host keys), which may give any person's seat a new link.
#[derive(Clone, Debug)]
pub struct TableKeys {
    pub seats: Vec<Option<SecretHash>>,
    pub host: Option<SecretHash>,
}

/// A table's seat secrets, as hashes (`None` for a bot's seat): shared by
/// its room, the only one that changes them (after the store has the
/// change), and the connections and lobby that check them.
#[derive(Clone, Debug)]
pub struct SeatSecrets(Arc<RwLock<Vec<Option<SecretHash>>>>);

impl SeatSecrets {
    pub fn new(hashes: Vec<Option<SecretHash>>) -> SeatSecrets {
        SeatSecrets(Arc::new(RwLock::new(hashes)))
    }

    /// Every seat's hash, as now.
    pub fn all(&self) -> Vec<Option<SecretHash>> {
        self.0
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The seat whose secret hashes to `hash`, if any.
    pub fn seat_of(&self, hash: &SecretHash) -> Option<u8> {
        self.0
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .position(|h| h.as_ref().is_some_and(|h| same(h, hash)))
            .and_then(|s| u8::try_from(s).ok())
    }

    /// Whether `hash` is still `seat`'s (it may have changed since a
    /// connection checked it).
    pub fn holds(&self, seat: u8, hash: &SecretHash) -> bool {
        self.seat_of(hash) == Some(seat)
    }

    /// `seat`'s new secret; only once the store has it.
    pub fn set(&self, seat: u8, hash: SecretHash) {
        let mut all = self.0.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(h @ Some(_)) = all.get_mut(usize::from(seat)) {
            *h = Some(hash);
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_secrets_are_well_formed_and_others_are_not() {
        let (text, hash) = new_secret();
        assert!(well_formed(&text), "{text}");
        assert_eq!(hash, self::hash(&text));
        for bad in [
            "",
            "5f0c",
            &text.to_uppercase(),
            &format!("{text}0"),
            &text.replace(|c: char| c.is_ascii_digit(), "g"),
        ] {
            assert!(!well_formed(bad), "{bad:?}");
        }
    }

    #[test]
    fn a_seat_opens_with_its_current_secret_only() {
        let (a, b) = (hash("a"), hash("b"));
        let secrets = SeatSecrets::new(vec![Some(a), None, Some(b)]);
        assert_eq!(secrets.seat_of(&b), Some(2));
        let c = hash("c");
        secrets.set(2, c);
        assert_eq!(secrets.seat_of(&b), None);
        assert!(secrets.holds(2, &c) && !secrets.holds(0, &c));
        // A bot's seat never gets one.
        secrets.set(1, hash("d"));
        assert_eq!(secrets.all(), vec![Some(a), None, Some(c)]);
    }
}
