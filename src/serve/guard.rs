//! Same-origin only: every request's `Host` must be a loopback name (`localhost`,
//! `127.x.x.x`, `[::1]`) or the address the server printed, else 403 (so that DNS
//! rebinding cannot hand the answers to another site); an `Origin`, when present, must
//! be the server's own (`http://` and that `Host`), else 403; and a `POST` must say
//! `Content-Type: application/json`, else 415 (a cross-site form or a `text/plain`
//! fetch, which browsers send without asking, is refused before any work). A `DELETE`
//! needs no body: browsers send it cross-site only after a CORS preflight, which this
//! server never grants.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

/// The names a request's `Host` may have.
#[derive(Clone, Debug)]
pub struct Hosts {
    /// The host part of the printed address (`127.0.0.1`, `[::1]`, `192.168.1.5`).
    printed: String,
}

impl Hosts {
    /// The hosts of a server that printed `address` (`IP:PORT`).
    pub fn new(address: std::net::SocketAddr) -> Hosts {
        let printed = match address.ip() {
            IpAddr::V4(ip) => ip.to_string(),
            IpAddr::V6(ip) => format!("[{ip}]"),
        };
        Hosts { printed }
    }

    /// Whether `name` (a `Host` without its port) may be served.
    fn allows(&self, name: &str) -> bool {
        let name = name.to_ascii_lowercase();
        if name == "localhost" || name == self.printed {
            return true;
        }
        let bare = name.trim_start_matches('[').trim_end_matches(']');
        bare.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
    }
}

/// The middleware: the checks above, in that order, before any handler runs.
pub async fn same_origin(
    State(hosts): State<Arc<Hosts>>,
    request: Request,
    next: Next,
) -> Response {
    match check(&hosts, request.method(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

fn check(hosts: &Hosts, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    let host = text(headers, header::HOST).unwrap_or_default();
    if !hosts.allows(host_name(host)) {
        return Err(ApiError::forbidden(
            format!("this server answers requests for localhost only, not for `{host}`"),
            "open the address that `polyx serve` printed",
        ));
    }
    if let Some(origin) = text(headers, header::ORIGIN) {
        if !origin.eq_ignore_ascii_case(&format!("http://{host}")) {
            return Err(ApiError::forbidden(
                format!("requests from the page `{origin}` are refused: only the server's own page may use the API"),
                "open the address that `polyx serve` printed",
            ));
        }
    }
    if method == Method::POST && !is_json(text(headers, header::CONTENT_TYPE)) {
        let mut e = ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a POST must have `Content-Type: application/json`",
        );
        e.set_hint("send the body as JSON with that header (curl --json '{…}')");
        return Err(e);
    }
    Ok(())
}

fn text(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// `host` without its port: `localhost:8080` → `localhost`, `[::1]:80` → `[::1]`.
fn host_name(host: &str) -> &str {
    if host.starts_with('[') {
        return host.find(']').map_or(host, |end| &host[..=end]);
    }
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

fn is_json(content_type: Option<&str>) -> bool {
    content_type.is_some_and(|t| {
        let essence = t.split(';').next().unwrap_or_default().trim();
        essence.eq_ignore_ascii_case("application/json")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(k.clone(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    fn status(hosts: &Hosts, method: Method, pairs: &[(header::HeaderName, &str)]) -> u16 {
        match check(hosts, &method, &headers(pairs)) {
            Ok(()) => 200,
            Err(e) => e.status().as_u16(),
        }
    }

    #[test]
    fn hosts_origins_and_content_types() {
        let local = Hosts::new("127.0.0.1:8080".parse().unwrap());
        let json = (header::CONTENT_TYPE, "application/json; charset=utf-8");
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:8080",
            "127.0.0.2",
        ] {
            assert_eq!(
                status(&local, Method::GET, &[(header::HOST, host)]),
                200,
                "{host}"
            );
        }
        for host in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "",
        ] {
            assert_eq!(
                status(&local, Method::GET, &[(header::HOST, host)]),
                403,
                "{host}"
            );
        }
        let host = (header::HOST, "127.0.0.1:8080");
        let own = (header::ORIGIN, "http://127.0.0.1:8080");
        let evil = (header::ORIGIN, "http://evil.example");
        let other_port = (header::ORIGIN, "http://127.0.0.1:3000");
        let plain = (header::CONTENT_TYPE, "text/plain");
        assert_eq!(
            status(
                &local,
                Method::POST,
                &[host.clone(), own.clone(), json.clone()]
            ),
            200
        );
        assert_eq!(
            status(&local, Method::POST, &[host.clone(), json.clone()]),
            200
        );
        assert_eq!(
            status(&local, Method::POST, &[host.clone(), evil, json.clone()]),
            403
        );
        assert_eq!(
            status(&local, Method::POST, &[host.clone(), other_port, json]),
            403
        );
        assert_eq!(
            status(&local, Method::POST, &[host.clone(), own.clone(), plain]),
            415
        );
        assert_eq!(
            status(&local, Method::POST, std::slice::from_ref(&host)),
            415
        );
        assert_eq!(status(&local, Method::DELETE, &[host, own]), 200);
        let lan = Hosts::new("192.168.1.5:8080".parse().unwrap());
        assert_eq!(
            status(&lan, Method::GET, &[(header::HOST, "192.168.1.5:8080")]),
            200
        );
        assert_eq!(
            status(&lan, Method::GET, &[(header::HOST, "192.168.1.6:8080")]),
            403
        );
    }
}
