//! Who a request comes from, and what each address holds at once (open
//! sockets, tables in memory).
//!
//! The limits per address (table creation, tables in play, open sockets)
//! count the peer address. Behind a reverse proxy every peer is the
//! proxy, so with `behind_proxy` a request from loopback is counted by the
//! address the proxy appended to `X-Forwarded-For` (its last entry:
//! earlier ones come from the client and may be forged).

use axum::http::HeaderMap;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex};

/// The address a request is limited by (an IPv6 host by its /64).
pub fn client_key(peer: SocketAddr, headers: &HeaderMap, behind_proxy: bool) -> IpAddr {
    let forwarded = || {
        let last = headers.get_all("x-forwarded-for").iter().next_back()?;
        let entry = last.to_str().ok()?.rsplit(',').next()?.trim();
        // An address, or one with a port (`1.2.3.4:5678`, `[::1]:5678`).
        (entry.parse::<IpAddr>().ok()).or_else(|| Some(entry.parse::<SocketAddr>().ok()?.ip()))
    };
    // A dual-stack listener sees an IPv4 proxy as `::ffff:127.0.0.1`.
    let peer_ip = peer.ip().to_canonical();
    let ip = match behind_proxy && peer_ip.is_loopback() {
        true => forwarded().unwrap_or(peer_ip),
        false => peer_ip,
    };
    address_key(ip)
}

/// The key a connection's peer is limited by, before any request says
/// more (the connection cap of listen.rs).
pub fn peer_key(peer: SocketAddr) -> IpAddr {
    address_key(peer.ip().to_canonical())
}

/// The key an address is limited by: IPv6 hosts by their /64 (one
/// subscriber's usual block, where new addresses cost nothing), IPv4 and
/// IPv4-mapped addresses by themselves.
fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(v6.to_bits() & !u128::from(u64::MAX))),
        },
    }
}

/// Things each address holds at once (open WebSockets, tables it made),
/// each at most `max`. The map holds only addresses that hold something,
/// so it is bounded by the things held.
pub struct HeldCounts {
    max: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One thing an address holds; dropping this frees its place.
pub struct HeldSlot {
    counts: Arc<HeldCounts>,
    key: IpAddr,
}

impl HeldCounts {
    pub fn new(max: usize) -> Arc<HeldCounts> {
        Arc::new(HeldCounts {
            max,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// A place for one more thing of `key`, or `None` at the cap.
    pub fn open(self: &Arc<Self>, key: IpAddr) -> Option<HeldSlot> {
        let mut open = self.open.lock().expect("held counts lock");
        if open.get(&key).copied().unwrap_or(0) >= self.max {
            return None;
        }
        *open.entry(key).or_insert(0) += 1;
        Some(HeldSlot {
            counts: self.clone(),
            key,
        })
    }

    #[cfg(test)]
    fn held(&self, key: IpAddr) -> usize {
        let open = self.open.lock().expect("held counts lock");
        open.get(&key).copied().unwrap_or(0)
    }
}

impl Drop for HeldSlot {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock().expect("held counts lock");
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    #[test]
    fn only_a_proxy_on_loopback_is_believed_and_only_its_own_entry() {
        let proxy: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let outside: SocketAddr = "203.0.113.9:5000".parse().unwrap();
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let forged = headers(&["10.9.9.9, 198.51.100.7"]);
        assert_eq!(client_key(proxy, &forged, true), ip("198.51.100.7"));
        assert_eq!(client_key(proxy, &forged, false), ip("127.0.0.1"));
        assert_eq!(client_key(outside, &forged, true), ip("203.0.113.9"));
        // Two header lines: the proxy's is the last.
        let two = headers(&["10.9.9.9", "198.51.100.8"]);
        assert_eq!(client_key(proxy, &two, true), ip("198.51.100.8"));
        // Nothing usable forwarded: the peer.
        assert_eq!(
            client_key(proxy, &headers(&["nonsense"]), true),
            ip("127.0.0.1")
        );
        assert_eq!(client_key(proxy, &HeaderMap::new(), true), ip("127.0.0.1"));
        // IPv6 hosts count by their /64.
        let v6 = headers(&["2001:db8:1:2::5"]);
        assert_eq!(client_key(proxy, &v6, true), ip("2001:db8:1:2::"));
        // Entries with ports; a proxy seen through a dual-stack listener.
        let ports = headers(&["198.51.100.7:5678"]);
        assert_eq!(client_key(proxy, &ports, true), ip("198.51.100.7"));
        let ports = headers(&["[2001:db8:1:2::5]:5678"]);
        assert_eq!(client_key(proxy, &ports, true), ip("2001:db8:1:2::"));
        let mapped: SocketAddr = "[::ffff:127.0.0.1]:5000".parse().unwrap();
        assert_eq!(client_key(mapped, &forged, true), ip("198.51.100.7"));
    }

    #[test]
    fn sockets_are_capped_per_address_and_freed_when_closed() {
        let counts = HeldCounts::new(2);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = counts.open(a).unwrap();
        let _second = counts.open(a).unwrap();
        assert!(counts.open(a).is_none(), "a third socket of one address");
        assert!(counts.open(b).is_some(), "another address has its own cap");
        drop(first);
        assert_eq!(counts.held(a), 1);
        assert!(counts.open(a).is_some());
        assert_eq!(counts.held(b), 0, "a closed address is forgotten");
        assert!(HeldCounts::new(0).open(a).is_none());
        assert!(counts.open.lock().unwrap().len() <= 1);
    }

    #[test]
    fn ipv6_hosts_of_one_block_share_a_key() {
        let key = |s: &str| address_key(s.parse::<IpAddr>().unwrap());
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:ffff::9"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::ffff:10.0.0.1"), key("10.0.0.1"));
        assert_ne!(key("10.0.0.1"), key("10.0.0.2"));
    }
}
