//! Headers every response carries (issue 16): a strict Content-Security-Policy the web app and
//! Blueprint work under (no inline or foreign scripts: the app keeps its session in local
//! storage), no framing, no MIME sniffing, no referrer, HSTS when the request came over TLS;
//! hashed assets cached for good, everything else revalidated. The API explorers (Swagger UI,
//! GraphiQL) are served from the project's own files (`crate::explorers`) under the same CSP.

use poem::http::{HeaderValue, header};
use poem::{Endpoint, IntoResponse, Request, Response, Result};

/// The web app's policy: its own scripts (and WebAssembly, which pdf.js compiles for some
/// images); inline styles (Blueprint and CodeMirror set them); data/blob images, fonts and
/// fetches (avatars, PDFs as data URLs, downloads); the same-origin API and WebSocket.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
     script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; \
     font-src 'self' data:; \
     connect-src 'self' data: blob:; \
     worker-src 'self' blob:; \
     object-src 'none'; \
     base-uri 'self'; \
     form-action 'self'; \
     frame-ancestors 'none'";

/// Over TLS, browsers keep to HTTPS for a year (sent only when the request came over TLS:
/// a proxy that terminated it says so with `X-Forwarded-Proto: https`; browsers ignore the
/// header on plain HTTP anyway).
const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000; includeSubDomains";

/// Vite's content-hashed build output.
const HASHED_ASSETS: &str = "/assets/";

pub struct SecurityHeaders<E> {
    inner: E,
    /// [`CONTENT_SECURITY_POLICY`], with the configured upload origins in `connect-src`.
    policy: HeaderValue,
}

impl<E> SecurityHeaders<E> {
    /// `upload_origins`: where the browser may also send requests (presigned S3 uploads);
    /// already checked to be `scheme://host[:port]` by the configuration.
    pub fn new(inner: E, upload_origins: &[String]) -> Self {
        let policy = if upload_origins.is_empty() {
            CONTENT_SECURITY_POLICY.to_owned()
        } else {
            CONTENT_SECURITY_POLICY.replace(
                "connect-src 'self' data: blob:;",
                &format!(
                    "connect-src 'self' data: blob: {};",
                    upload_origins.join(" ")
                ),
            )
        };
        Self {
            inner,
            policy: HeaderValue::from_str(&policy).expect("origins are header-safe"),
        }
    }
}

impl<E: Endpoint> Endpoint for SecurityHeaders<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Self::Output> {
        let path = req.uri().path().to_owned();
        let over_tls = req.uri().scheme_str() == Some("https")
            || req
                .headers()
                .get("x-forwarded-proto")
                .and_then(|v| v.to_str().ok())
                .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"));
        let mut response = match self.inner.call(req).await {
            Ok(response) => response.into_response(),
            Err(error) => error.into_response(),
        };
        let success = response.status().is_success();
        let headers = response.headers_mut();
        let set = |headers: &mut poem::http::HeaderMap, name, value: &'static str| {
            headers.insert(name, HeaderValue::from_static(value));
        };
        set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
        set(headers, header::REFERRER_POLICY, "no-referrer");
        set(headers, header::X_FRAME_OPTIONS, "DENY");
        if over_tls {
            set(
                headers,
                header::STRICT_TRANSPORT_SECURITY,
                STRICT_TRANSPORT_SECURITY,
            );
        }
        headers.insert(header::CONTENT_SECURITY_POLICY, self.policy.clone());
        if !headers.contains_key(header::CACHE_CONTROL) {
            let policy = if path.starts_with(HASHED_ASSETS) && success {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            set(headers, header::CACHE_CONTROL, policy);
        }
        Ok(response)
    }
}
