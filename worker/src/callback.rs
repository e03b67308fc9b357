//! Calling the importing system back: one HTTP POST of a dossier's aggregate to the URL the
//! import named, guarded against server-side request forgery.
//!
//! A callback URL comes from outside, so before connecting the worker resolves the host
//! itself and refuses loopback, private, link-local (which holds the cloud metadata address
//! 169.254.169.254), unique-local, CGNAT, multicast and unspecified addresses — unless
//! `ISTRUTTORIA_CALLBACK_ALLOWLIST` names the host, the address or a range holding it. The
//! connection then goes to exactly the addresses that were checked (no second DNS lookup a
//! rebinding attack could answer differently), redirects are not followed, and time and
//! response size are bounded.

use std::collections::HashSet;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use futures::StreamExt;
use ipnet::IpNet;
use reqwest::Url;

/// Longest response body kept; the rest is dropped (and said so).
pub const MAX_RESPONSE_BYTES: usize = 64 * 1024;

/// Host names that always mean a cloud metadata service.
const METADATA_HOSTS: &[&str] = &["metadata.google.internal", "metadata", "instance-data"];

/// Where callbacks may go.
#[derive(Debug, Clone, Default)]
pub struct CallbackPolicy {
    hosts: HashSet<String>,
    networks: Vec<IpNet>,
}

#[derive(Debug, thiserror::Error)]
#[error(
    "ISTRUTTORIA_CALLBACK_ALLOWLIST: `{0}` is neither a host name, an IP address nor a CIDR range"
)]
pub struct PolicyError(String);

impl CallbackPolicy {
    /// From the allow-list entries: host names, IP addresses or CIDR ranges.
    pub fn new(allowlist: &[String]) -> Result<Self, PolicyError> {
        let mut policy = Self::default();
        for entry in allowlist {
            let entry = entry.trim().trim_matches(|c| c == '[' || c == ']');
            if let Ok(network) = entry.parse::<IpNet>() {
                policy.networks.push(network);
            } else if let Ok(address) = entry.parse::<IpAddr>() {
                policy.networks.push(IpNet::from(address));
            } else if !entry.is_empty()
                && entry
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '_')
            {
                policy.hosts.insert(entry.to_ascii_lowercase());
            } else {
                return Err(PolicyError(entry.to_owned()));
            }
        }
        Ok(policy)
    }

    /// Whether the host name itself is allow-listed (then every address it resolves to is).
    fn allows_host(&self, host: &str) -> bool {
        self.hosts.contains(&host.to_ascii_lowercase())
    }

    /// Whether a connection to `address` is allowed.
    pub fn allows_address(&self, address: IpAddr) -> bool {
        let embedded = canonical(address);
        is_public(address)
            || self
                .networks
                .iter()
                .any(|network| network.contains(&address) || network.contains(&embedded))
    }
}

/// An IPv6 address that embeds an IPv4 address as that IPv4 address — so that `[::7f00:1]`
/// is judged as 127.0.0.1 —: IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`,
/// deprecated but still routed by some stacks), NAT64 of the well-known prefix
/// (`64:ff9b::a.b.c.d`, RFC 6052) and 6to4 (`2002:AABB:CCDD::/48`, RFC 3056). `::` and `::1`
/// stay themselves. Teredo (`2001::/32`) embeds two addresses, one of them obfuscated:
/// [`is_public`] refuses the whole prefix instead.
fn canonical(address: IpAddr) -> IpAddr {
    let IpAddr::V6(v6) = address else {
        return address;
    };
    let segments = v6.segments();
    let octets = v6.octets();
    let embedded = |at: usize| {
        IpAddr::V4(std::net::Ipv4Addr::new(
            octets[at],
            octets[at + 1],
            octets[at + 2],
            octets[at + 3],
        ))
    };
    if v6.is_loopback() || v6.is_unspecified() {
        address
    } else if let Some(v4) = v6.to_ipv4() {
        IpAddr::V4(v4)
    } else if segments[..6] == [0x0064, 0xff9b, 0, 0, 0, 0] {
        embedded(12)
    } else if segments[0] == 0x2002 {
        embedded(2)
    } else {
        address
    }
}

/// Whether `address` is an ordinary public Internet address.
pub fn is_public(address: IpAddr) -> bool {
    match canonical(address) {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b)) // CGNAT 100.64.0.0/10
                || (a == 192 && b == 0 && v4.octets()[2] == 0) // IETF protocol assignments
                || (a == 198 && (b == 18 || b == 19)) // benchmarking
                || a >= 240) // reserved
        }
        IpAddr::V6(v6) => {
            let first = v6.segments()[0];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00 // unique local fc00::/7
                || (first & 0xffc0) == 0xfe80 // link-local fe80::/10
                || (first == 0x2001 && v6.segments()[1] == 0x0db8) // documentation
                || (first == 0x2001 && v6.segments()[1] == 0) // Teredo 2001::/32
                // NAT64 prefixes other than the well-known /96 (which `canonical` reads): the
                // local-use 64:ff9b:1::/48 embeds the address where the network chose.
                || (first == 0x0064 && v6.segments()[1] == 0xff9b))
        }
    }
}

/// Why an attempt failed, as a stable code (the jobs dashboard translates it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// Not an http(s) URL, or no host.
    InvalidUrl,
    /// A local, private, reserved or metadata address outside the allow-list.
    ForbiddenAddress,
    /// The host name has no address, or its lookup failed or took too long.
    UnknownHost,
    /// No answer in time.
    Timeout,
    /// No connection.
    ConnectionFailed,
    /// An answer outside 2xx.
    HttpStatus,
    /// The answer broke off while it was read.
    ResponseInterrupted,
    /// Anything else.
    Other,
}

impl Cause {
    pub fn code(self) -> &'static str {
        match self {
            Self::InvalidUrl => "invalid_url",
            Self::ForbiddenAddress => "forbidden_address",
            Self::UnknownHost => "unknown_host",
            Self::Timeout => "timeout",
            Self::ConnectionFailed => "connection_failed",
            Self::HttpStatus => "http_status",
            Self::ResponseInterrupted => "response_interrupted",
            Self::Other => "other",
        }
    }
}

/// One attempt, as a dossier callback records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub response_code: Option<u16>,
    pub response_body: Option<String>,
    pub error: Option<String>,
    /// Why it failed; `None` when it did not.
    pub cause: Option<Cause>,
    /// The URL may never be called (bad URL, forbidden address): retrying cannot help.
    pub permanent: bool,
}

impl Attempt {
    pub fn succeeded(&self) -> bool {
        self.error.is_none()
            && self
                .response_code
                .is_some_and(|code| (200..300).contains(&code))
    }

    fn refused(cause: Cause, error: String) -> Self {
        Self {
            response_code: None,
            response_body: None,
            error: Some(error),
            cause: Some(cause),
            permanent: true,
        }
    }

    fn failed(cause: Cause, error: String) -> Self {
        Self {
            response_code: None,
            response_body: None,
            error: Some(error),
            cause: Some(cause),
            permanent: false,
        }
    }
}

/// POSTs `body` (JSON) with `headers` (the signature's) to `url` under `policy`, within
/// `timeout`.
pub async fn post(
    policy: &CallbackPolicy,
    url: &str,
    body: &str,
    headers: &[(&'static str, String)],
    timeout: Duration,
) -> Attempt {
    let url = match Url::parse(url) {
        Ok(url) if matches!(url.scheme(), "http" | "https") => url,
        Ok(url) => {
            return Attempt::refused(
                Cause::InvalidUrl,
                format!("Schema non consentito: {}", url.scheme()),
            );
        }
        Err(error) => {
            return Attempt::refused(
                Cause::InvalidUrl,
                format!("URL di callback non valido: {error}"),
            );
        }
    };
    let Some(host) = url
        .host_str()
        .map(|h| h.trim_matches(|c| c == '[' || c == ']').to_owned())
    else {
        return Attempt::refused(Cause::InvalidUrl, "URL di callback senza host".into());
    };
    let port = url.port_or_known_default().unwrap_or(80);
    let host_allowed = policy.allows_host(&host);
    if !host_allowed && METADATA_HOSTS.contains(&host.to_ascii_lowercase().as_str()) {
        return Attempt::refused(
            Cause::ForbiddenAddress,
            format!("Indirizzo di callback non consentito: {host}"),
        );
    }
    let addresses = match resolve(&host, port, timeout).await {
        Ok(addresses) => addresses,
        Err(error) => return Attempt::failed(Cause::UnknownHost, error),
    };
    if !host_allowed
        && let Some(forbidden) = addresses.iter().find(|a| !policy.allows_address(a.ip()))
    {
        return Attempt::refused(
            Cause::ForbiddenAddress,
            format!(
                "Indirizzo di callback non consentito: {host} ({}) è un indirizzo locale, privato o riservato; aggiungerlo a ISTRUTTORIA_CALLBACK_ALLOWLIST per permetterlo",
                forbidden.ip()
            ),
        );
    }
    let client = match reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(timeout)
        .connect_timeout(timeout)
        .no_proxy()
        .resolve_to_addrs(&host, &addresses)
        .build()
    {
        Ok(client) => client,
        Err(error) => {
            return Attempt::failed(
                Cause::Other,
                format!("Client HTTP non disponibile: {error}"),
            );
        }
    };
    let mut request = client
        .post(url)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header(reqwest::header::USER_AGENT, "Istruttoria callback");
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    let response = request.body(body.to_owned()).send().await;
    let response = match response {
        Ok(response) => response,
        Err(error) => return Attempt::failed(cause_of(&error), describe(&error)),
    };
    let code = response.status().as_u16();
    let (text, error) = read_capped(response).await;
    let (error, cause) = match error {
        Some(error) => (Some(error), Some(Cause::ResponseInterrupted)),
        None if !(200..300).contains(&code) => (
            Some(format!("Il sistema chiamato ha risposto {code}")),
            Some(Cause::HttpStatus),
        ),
        None => (None, None),
    };
    Attempt {
        response_code: Some(code),
        response_body: Some(text),
        error,
        cause,
        permanent: false,
    }
}

async fn resolve(host: &str, port: u16, timeout: Duration) -> Result<Vec<SocketAddr>, String> {
    if let Ok(address) = host.parse::<IpAddr>() {
        return Ok(vec![SocketAddr::new(address, port)]);
    }
    let lookup = tokio::time::timeout(timeout, tokio::net::lookup_host((host, port))).await;
    match lookup {
        Ok(Ok(addresses)) => {
            let addresses: Vec<SocketAddr> = addresses.collect();
            if addresses.is_empty() {
                Err(format!("Host di callback senza indirizzi: {host}"))
            } else {
                Ok(addresses)
            }
        }
        Ok(Err(error)) => Err(format!("Host di callback sconosciuto: {host} ({error})")),
        Err(_) => Err(format!("Risoluzione di {host} scaduta")),
    }
}

/// The body, up to [`MAX_RESPONSE_BYTES`], and an error if it could not be read.
async fn read_capped(response: reqwest::Response) -> (String, Option<String>) {
    let mut body = Vec::new();
    let mut truncated = false;
    let mut stream = response.bytes_stream();
    while let Some(chunk) = stream.next().await {
        match chunk {
            Ok(chunk) => {
                let room = MAX_RESPONSE_BYTES - body.len();
                if chunk.len() > room {
                    body.extend_from_slice(&chunk[..room]);
                    truncated = true;
                    break;
                }
                body.extend_from_slice(&chunk);
            }
            Err(error) => {
                return (
                    String::from_utf8_lossy(&body).into_owned(),
                    Some(format!("Risposta interrotta: {}", describe(&error))),
                );
            }
        }
    }
    let mut text = String::from_utf8_lossy(&body).into_owned();
    if truncated {
        text.push_str("\n[… risposta troncata]");
    }
    (text, None)
}

fn cause_of(error: &reqwest::Error) -> Cause {
    if error.is_timeout() {
        Cause::Timeout
    } else if error.is_connect() {
        Cause::ConnectionFailed
    } else {
        Cause::Other
    }
}

fn describe(error: &reqwest::Error) -> String {
    if error.is_timeout() {
        "Tempo scaduto".into()
    } else if error.is_connect() {
        format!("Connessione non riuscita: {error}")
    } else {
        error.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_and_reserved_addresses_are_not_public() {
        for address in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "224.0.0.1",
            "255.255.255.255",
            "::1",
            "fe80::1",
            "fd00::1",
            "::",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
        ] {
            assert!(!is_public(address.parse().expect("address")), "{address}");
        }
        for address in ["93.184.216.34", "8.8.8.8", "2a00:1450:4001:81b::200e"] {
            assert!(is_public(address.parse().expect("address")), "{address}");
        }
    }

    #[test]
    fn ipv6_forms_embedding_an_ipv4_address_are_judged_by_it() {
        for (address, embedded) in [
            ("::7f00:1", "127.0.0.1"),
            ("::127.0.0.1", "127.0.0.1"),
            ("::ffff:127.0.0.1", "127.0.0.1"),
            ("::ffff:7f00:1", "127.0.0.1"),
            ("::a9fe:a9fe", "169.254.169.254"),
            ("64:ff9b::7f00:1", "127.0.0.1"),
            ("64:ff9b::10.0.0.1", "10.0.0.1"),
            ("2002:7f00:1::", "127.0.0.1"),
            ("2002:c0a8:101:1::1", "192.168.1.1"),
            ("2002:a9fe:a9fe::", "169.254.169.254"),
        ] {
            let address: IpAddr = address.parse().expect("address");
            assert_eq!(
                canonical(address),
                embedded.parse::<IpAddr>().expect("v4"),
                "{address}"
            );
            assert!(!is_public(address), "{address}");
        }
        for address in [
            // Teredo, whatever it embeds.
            "2001:0:4136:e378:8000:63bf:3fff:fdd2",
            // The local-use NAT64 prefix.
            "64:ff9b:1::7f00:1",
        ] {
            assert!(!is_public(address.parse().expect("address")), "{address}");
        }
        // Public IPv4 addresses stay public in any of these forms.
        for address in ["64:ff9b::808:808", "2002:808:808::1", "::ffff:8.8.8.8"] {
            assert!(is_public(address.parse().expect("address")), "{address}");
        }
    }

    #[test]
    fn the_allowlist_takes_hosts_addresses_and_ranges() {
        let policy = CallbackPolicy::new(&[
            "receiver.internal".into(),
            "127.0.0.1".into(),
            "10.0.0.0/8".into(),
            "[::1]".into(),
        ])
        .expect("valid");
        assert!(policy.allows_host("Receiver.Internal"));
        assert!(policy.allows_address("127.0.0.1".parse().expect("ip")));
        assert!(policy.allows_address("10.9.8.7".parse().expect("ip")));
        assert!(policy.allows_address("::1".parse().expect("ip")));
        assert!(!policy.allows_address("192.168.0.1".parse().expect("ip")));
        assert!(CallbackPolicy::new(&["not a host!".into()]).is_err());
    }

    #[tokio::test]
    async fn forbidden_addresses_are_refused_before_connecting() {
        let policy = CallbackPolicy::default();
        for url in [
            "http://127.0.0.1:9/x",
            "http://169.254.169.254/latest/meta-data/",
            "http://[::1]/",
            "http://[::7f00:1]:9/",
            "http://[::ffff:7f00:1]:9/",
            "http://[64:ff9b::a9fe:a9fe]/",
            "http://[2002:7f00:1::1]:9/",
            "http://localhost:9/",
            "http://metadata.google.internal/",
            "http://10.0.0.1/",
        ] {
            let attempt = post(&policy, url, "{}", &[], Duration::from_secs(2)).await;
            assert!(attempt.permanent, "{url}: {attempt:?}");
            assert!(attempt.response_code.is_none(), "{url}");
            assert_eq!(attempt.cause, Some(Cause::ForbiddenAddress), "{url}");
        }
        let attempt = post(
            &policy,
            "ftp://example.com/",
            "{}",
            &[],
            Duration::from_secs(1),
        )
        .await;
        assert!(attempt.permanent && !attempt.succeeded());
        assert_eq!(attempt.cause, Some(Cause::InvalidUrl));
    }
}
