//! Request bodies, bounded while they are read (issue 29): the one place that decodes a
//! `Content-Encoding` and the one function every route reads its body with.
//!
//! [`DecodeBodies`] inflates `gzip`, `deflate` and `br` bodies lazily, as the route reads them,
//! counting both sides: past [`FREE_INFLATED_BYTES`] the inflated bytes may be at most
//! [`MAX_RATIO`] times the compressed ones, and never more than the largest body any route
//! accepts. Any other encoding is refused with 415 before the route runs. [`read`] then reads a
//! body up to the route's own limit, so that a route never holds more than its limit (and a
//! compression bomb stops being inflated at that limit), and names the refusal it met.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};

use async_compression::tokio::bufread::{BrotliDecoder, DeflateDecoder, GzipDecoder};
use bytes::Bytes;
use poem::http::{StatusCode, header};
use poem::{Body, Endpoint, IntoResponse, Middleware, Request, Response, Result};
use shared::messages::{self, Message};
use tokio::io::{AsyncRead, BufReader, ReadBuf};

/// Most inflated bytes per compressed byte, past [`FREE_INFLATED_BYTES`]: JSON compresses
/// 5–20×; 100× is text made to be inflated.
pub const MAX_RATIO: u64 = 100;
/// Inflated bytes allowed at any ratio (a small body of repeated text compresses very well).
pub const FREE_INFLATED_BYTES: u64 = 1 << 20;

/// Why a request body was not read to its end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BodyRefused {
    /// More than `limit` bytes (inflated, when the body is compressed).
    #[error("{}", self.message())]
    TooLarge { limit: usize },
    /// Inflated past [`MAX_RATIO`] times its compressed size.
    #[error("{}", self.message())]
    Ratio,
    /// A `Content-Encoding` other than gzip, deflate, br (or identity); `None`: several.
    #[error("{}", self.message())]
    Encoding(Option<String>),
    /// The compressed data is corrupt, or the connection ended mid-body.
    #[error("{}", self.message())]
    Unreadable,
}

impl BodyRefused {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::TooLarge { .. } | Self::Ratio => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Encoding(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unreadable => StatusCode::BAD_REQUEST,
        }
    }

    /// The stable code of the refusal (GraphQL `extensions.code`, REST `code`).
    pub fn code(&self) -> &'static str {
        match self {
            Self::TooLarge { .. } => "PAYLOAD_TOO_LARGE",
            Self::Ratio => "COMPRESSION_RATIO",
            Self::Encoding(_) => "UNSUPPORTED_CONTENT_ENCODING",
            Self::Unreadable => "BAD_REQUEST",
        }
    }

    /// What the client is told.
    pub fn message(&self) -> Message {
        match self {
            Self::TooLarge { limit } => messages::body_too_large(limit >> 10),
            Self::Ratio => messages::body_ratio(MAX_RATIO),
            Self::Encoding(Some(encoding)) => messages::body_encoding(encoding),
            Self::Encoding(None) => messages::body_several_encodings(),
            Self::Unreadable => messages::body_unreadable(),
        }
    }

    /// The REST answer ([`crate::rest::error::error_response`]).
    pub fn response(&self) -> Response {
        crate::rest::error::error_response(self.status(), self.code(), &self.message())
    }
}

/// Reads `body` whole, refusing it past `limit` bytes (inflated bytes, when it was sent
/// compressed: [`DecodeBodies`] inflates it as it is read, so at most about `limit` bytes are
/// ever inflated).
pub async fn read(body: Body, limit: usize) -> Result<Bytes, BodyRefused> {
    match body.into_bytes_limit(limit).await {
        Ok(bytes) => Ok(bytes),
        Err(poem::error::ReadBodyError::PayloadTooLarge) => Err(BodyRefused::TooLarge { limit }),
        Err(poem::error::ReadBodyError::Io(error)) => Err(refusal_of(&error)),
        Err(_) => Err(BodyRefused::Unreadable),
    }
}

/// [`read`] into one buffer that grows in place (`expected` bytes reserved first, when the
/// sender declared them within `limit`), for the large bodies that are then worked on where
/// they lie (an import's archive is decoded in its body): collecting chunks and then joining
/// them would hold the body twice.
pub async fn read_vec(
    body: Body,
    limit: usize,
    expected: Option<usize>,
) -> Result<Vec<u8>, BodyRefused> {
    use futures::StreamExt;
    let mut chunks = std::pin::pin!(body.into_bytes_stream());
    let mut buffer = Vec::with_capacity(expected.filter(|n| *n <= limit).unwrap_or(0));
    while let Some(chunk) = chunks.next().await {
        let chunk = chunk.map_err(|error| refusal_of(&error))?;
        if buffer.len() + chunk.len() > limit {
            return Err(BodyRefused::TooLarge { limit });
        }
        buffer.extend_from_slice(&chunk);
    }
    Ok(buffer)
}

/// The refusal an error of the body stream carries once a parser boxed it (multer does).
pub fn refusal_of_boxed(error: &(dyn std::error::Error + 'static)) -> BodyRefused {
    error
        .downcast_ref::<io::Error>()
        .map_or(BodyRefused::Unreadable, refusal_of)
}

/// The refusal an error of the body stream carries ([`DecodeBodies`] puts one there), else
/// "unreadable".
fn refusal_of(error: &io::Error) -> BodyRefused {
    error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<BodyRefused>())
        .cloned()
        .unwrap_or(BodyRefused::Unreadable)
}

/// The middleware that inflates compressed request bodies within bounds; `ceiling` is the
/// largest body any route reads.
pub struct DecodeBodies {
    ceiling: u64,
}

impl DecodeBodies {
    pub fn new(ceiling: usize) -> Self {
        Self {
            ceiling: u64::try_from(ceiling).unwrap_or(u64::MAX),
        }
    }
}

impl<E: Endpoint> Middleware<E> for DecodeBodies {
    type Output = DecodeBodiesEndpoint<E>;

    fn transform(&self, inner: E) -> Self::Output {
        DecodeBodiesEndpoint {
            inner,
            ceiling: self.ceiling,
        }
    }
}

pub struct DecodeBodiesEndpoint<E> {
    inner: E,
    ceiling: u64,
}

impl<E: Endpoint> Endpoint for DecodeBodiesEndpoint<E> {
    type Output = Response;

    async fn call(&self, mut req: Request) -> Result<Self::Output> {
        let coding = match coding(req.headers()) {
            Ok(coding) => coding,
            Err(refused) => return Ok(refused.response()),
        };
        if let Some(coding) = coding {
            // Inflated here: the header goes, so that nothing further in (poem's Compression
            // middleware) inflates the body a second time, without bounds.
            req.headers_mut().remove(header::CONTENT_ENCODING);
            let wire = Arc::new(AtomicU64::new(0));
            let counted = BufReader::new(Counted {
                inner: req.take_body().into_async_read(),
                read: wire.clone(),
            });
            let decoder: Pin<Box<dyn AsyncRead + Send>> = match coding {
                Coding::Gzip => Box::pin(GzipDecoder::new(counted)),
                Coding::Deflate => Box::pin(DeflateDecoder::new(counted)),
                Coding::Brotli => Box::pin(BrotliDecoder::new(counted)),
            };
            req.set_body(Body::from_async_read(Inflated {
                decoder,
                wire,
                inflated: 0,
                ceiling: self.ceiling,
            }));
        }
        self.inner.call(req).await.map(IntoResponse::into_response)
    }
}

#[derive(Debug, Clone, Copy)]
enum Coding {
    Gzip,
    Deflate,
    Brotli,
}

/// The request's content coding: none (absent or `identity`), one we inflate, or a refusal.
fn coding(headers: &poem::http::HeaderMap) -> Result<Option<Coding>, BodyRefused> {
    let mut values = headers.get_all(header::CONTENT_ENCODING).iter();
    let (Some(value), None) = (values.next(), values.next()) else {
        return match headers.get(header::CONTENT_ENCODING) {
            None => Ok(None),
            Some(_) => Err(BodyRefused::Encoding(None)),
        };
    };
    let text = value.to_str().unwrap_or_default().trim();
    match text.to_ascii_lowercase().as_str() {
        "" | "identity" => Ok(None),
        "gzip" | "x-gzip" => Ok(Some(Coding::Gzip)),
        "deflate" => Ok(Some(Coding::Deflate)),
        "br" => Ok(Some(Coding::Brotli)),
        _ => Err(BodyRefused::Encoding(Some(text.chars().take(40).collect()))),
    }
}

/// The compressed body, counting the bytes the decoder takes from it.
struct Counted<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: AsyncRead + Unpin> AsyncRead for Counted<R> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        let read = (buf.filled().len() - before) as u64;
        self.read.fetch_add(read, Ordering::Relaxed);
        polled
    }
}

/// The inflated body, stopped with a [`BodyRefused`] as soon as it breaks a bound.
struct Inflated {
    decoder: Pin<Box<dyn AsyncRead + Send>>,
    /// Compressed bytes the decoder has taken so far.
    wire: Arc<AtomicU64>,
    inflated: u64,
    ceiling: u64,
}

impl AsyncRead for Inflated {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match self.decoder.as_mut().poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {}
            Poll::Ready(Err(error)) => {
                // Keep a refusal of ours; anything else is corrupt data or a cut connection.
                let refused = error
                    .get_ref()
                    .and_then(|inner| inner.downcast_ref::<BodyRefused>())
                    .cloned()
                    .unwrap_or(BodyRefused::Unreadable);
                return Poll::Ready(Err(io::Error::new(io::ErrorKind::InvalidData, refused)));
            }
            Poll::Pending => return Poll::Pending,
        }
        self.inflated += (buf.filled().len() - before) as u64;
        let wire = self.wire.load(Ordering::Relaxed);
        let refused = if self.inflated > self.ceiling {
            Some(BodyRefused::TooLarge {
                limit: usize::try_from(self.ceiling).unwrap_or(usize::MAX),
            })
        } else if self.inflated > FREE_INFLATED_BYTES
            && self.inflated > wire.saturating_mul(MAX_RATIO)
        {
            Some(BodyRefused::Ratio)
        } else {
            None
        };
        match refused {
            Some(refused) => Poll::Ready(Err(io::Error::new(io::ErrorKind::InvalidData, refused))),
            None => Poll::Ready(Ok(())),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use poem::EndpointExt;

    use super::*;

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(bytes).expect("gzip");
        encoder.finish().expect("gzip")
    }

    /// What a route reading at most `limit` bytes gets of `compressed`, sent as gzip to a
    /// server whose largest body is `ceiling`.
    async fn inflate(
        compressed: Vec<u8>,
        ceiling: usize,
        limit: usize,
    ) -> Result<Vec<u8>, BodyRefused> {
        let endpoint = poem::endpoint::make(move |req: Request| async move {
            match read(req.into_body(), limit).await {
                Ok(bytes) => Response::builder().body(bytes),
                Err(refused) => refused.response(),
            }
        })
        .with(DecodeBodies::new(ceiling));
        let request = Request::builder()
            .header(header::CONTENT_ENCODING, "gzip")
            .body(compressed);
        let response = endpoint.get_response(request).await;
        let success = response.status().is_success();
        let body = response.into_body().into_vec().await.expect("body");
        if success {
            return Ok(body);
        }
        let answer: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
        Err(match answer["code"].as_str() {
            Some("PAYLOAD_TOO_LARGE") => BodyRefused::TooLarge { limit },
            Some("COMPRESSION_RATIO") => BodyRefused::Ratio,
            _ => BodyRefused::Unreadable,
        })
    }

    #[tokio::test]
    async fn bodies_inflate_within_the_ratio_and_the_limits() {
        let text: Vec<u8> = (0..200_000u32)
            .flat_map(|i| i.to_string().into_bytes())
            .collect();
        let inflated = inflate(gzip(&text), 10 << 20, 10 << 20).await;
        assert_eq!(inflated, Ok(text));

        // A megabyte of anything is fine; 4 MiB of zeros compress ~1000×.
        let zeros = vec![0u8; 1 << 20];
        assert!(inflate(gzip(&zeros), 10 << 20, 10 << 20).await.is_ok());
        let bomb = gzip(&vec![0u8; 4 << 20]);
        assert_eq!(
            inflate(bomb.clone(), 64 << 20, 64 << 20).await,
            Err(BodyRefused::Ratio)
        );
        // The route's limit refuses it first when it is lower.
        assert_eq!(
            inflate(bomb, 64 << 20, 512 << 10).await,
            Err(BodyRefused::TooLarge { limit: 512 << 10 })
        );
        assert_eq!(
            inflate(b"not gzip".to_vec(), 1 << 20, 1 << 20).await,
            Err(BodyRefused::Unreadable)
        );
    }

    #[test]
    fn only_known_single_codings_are_accepted() {
        let mut headers = poem::http::HeaderMap::new();
        assert!(matches!(coding(&headers), Ok(None)));
        for (value, accepted) in [
            ("gzip", true),
            ("GZIP", true),
            ("br", true),
            ("deflate", true),
            ("identity", true),
            ("zstd", false),
            ("compress", false),
            ("gzip, br", false),
        ] {
            headers.insert(header::CONTENT_ENCODING, value.parse().expect("header"));
            assert_eq!(coding(&headers).is_ok(), accepted, "{value}");
        }
        headers.append(header::CONTENT_ENCODING, "gzip".parse().expect("header"));
        assert!(coding(&headers).is_err());
    }
}
