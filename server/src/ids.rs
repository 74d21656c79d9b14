//! Secrets and identifiers drawn from the operating system's secure random
//! source: player tokens (bearer secrets), their stored digests, public player
//! ids, game ids, friend room codes and the Black draw.

use engine::baifang::referee_protocol::{ROOM_CODE_ALPHABET, ROOM_CODE_LEN};
use engine::baifang::Side;
use sha2::{Digest, Sha256};

/// `N` bytes from the OS random source.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    // The OS source failing is an environment fault, not input: nothing sane
    // can be issued without it.
    getrandom::fill(&mut b).expect("the operating system's random source is available");
    b
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new player token: 32 random bytes as 64 lower-case hex digits.
pub fn new_token() -> String {
    hex(&random_bytes::<32>())
}

/// What the database keeps instead of the token: its SHA-256 digest.
pub fn token_digest(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// A public player id: 12 hex digits (48 random bits).
pub fn new_player_id() -> String {
    hex(&random_bytes::<6>())
}

/// A game id: 16 hex digits.
pub fn new_game_id() -> String {
    hex(&random_bytes::<8>())
}

/// A friend room code: characters of the unambiguous alphabet, uniformly drawn.
pub fn new_room_code() -> String {
    let n = ROOM_CODE_ALPHABET.len() as u8;
    // Rejection sampling: bytes at or above the largest multiple of n are redrawn.
    let limit = u8::MAX - u8::MAX % n;
    let mut code = String::with_capacity(ROOM_CODE_LEN);
    while code.len() < ROOM_CODE_LEN {
        for b in random_bytes::<16>() {
            if b < limit && code.len() < ROOM_CODE_LEN {
                code.push(ROOM_CODE_ALPHABET[(b % n) as usize] as char);
            }
        }
    }
    code
}

/// The key the per-address limits count under: an IPv4 address, or the /64
/// network of an IPv6 one (one subscriber usually holds a whole /64), as 16
/// hex digits of its SHA-256 (the store keeps no address in the clear).
pub fn address_key(ip: std::net::IpAddr) -> String {
    let bytes: Vec<u8> = match ip {
        std::net::IpAddr::V4(v4) => v4.octets().to_vec(),
        std::net::IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.octets().to_vec(),
            None => v6.octets()[..8].to_vec(),
        },
    };
    hex(&Sha256::digest(&bytes)[..8])
}

/// Which of two paired players is Black: a secure random bit, so neither
/// player (nor the order of arrival) decides it.
pub fn draw_black() -> Side {
    if random_bytes::<1>()[0] & 1 == 0 {
        Side::Black
    } else {
        Side::White
    }
}

/// The default display name until the player picks one: `#` and the first
/// four digits of the public id (language-neutral, distinct enough).
pub fn default_name(player_id: &str) -> String {
    format!(
        "#{}",
        player_id.chars().take(4).collect::<String>().to_uppercase()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::referee_protocol::{clean_room_code, token_shape_ok};

    #[test]
    fn shapes() {
        let t = new_token();
        assert!(token_shape_ok(&t));
        assert_ne!(t, new_token());
        assert_eq!(token_digest(&t), token_digest(&t));
        assert_eq!(new_player_id().len(), 12);
        assert_eq!(new_game_id().len(), 16);
        for _ in 0..100 {
            let c = new_room_code();
            assert_eq!(clean_room_code(&c), Some(c));
        }
        assert_eq!(default_name("3f2a99"), "#3F2A");
    }

    #[test]
    fn black_draw_gives_both_sides() {
        let blacks = (0..200).filter(|_| draw_black() == Side::Black).count();
        assert!((40..=160).contains(&blacks), "{blacks}");
    }
}
