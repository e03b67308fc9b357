//! What the worker and its extraction child say to each other over the child's stdin and
//! stdout: frames of a 4-byte little-endian length and that many bytes — a JSON message, or
//! the raw PDF that follows [`Request::Extract`].
//!
//! ```text
//! worker                                child (worker extract-child)
//!   Hello { config }            ──►
//!                               ◄──     Ready { network_isolated } | SetupFailed(error)
//!   Extract { cpu_seconds }     ──►
//!   <the PDF's bytes>           ──►
//!                               ◄──     TakeOcrPage        (before each page read by OCR)
//!   OcrPage(granted)            ──►     (the worker holds an OCR slot for the page until
//!                               ◄──      the next TakeOcrPage or Done)
//!                               ◄──     Done(result)
//!   … the next Extract, or stdin closed: the child exits
//! ```

use std::io::{self, Read, Write};

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use shared::messages::Message;

use super::{Extraction, ExtractionError, ExtractionSetupError, ExtractorConfig};

/// Longest frame either side accepts: a larger length is a broken (or hostile) peer.
pub const MAX_FRAME_BYTES: usize = 1 << 30;

/// The worker's messages.
#[derive(Debug, Serialize, Deserialize)]
pub enum Request {
    Hello {
        config: Box<ExtractorConfig>,
    },
    /// Extract the PDF of the next frame within `cpu_seconds` more of CPU time.
    Extract {
        cpu_seconds: u64,
    },
    /// The answer to [`Reply::TakeOcrPage`]: `Err(reason)` when a budget has no OCR page left.
    OcrPage(Result<(), Message>),
}

/// The child's messages.
#[derive(Debug, Serialize, Deserialize)]
pub enum Reply {
    Ready { network_isolated: bool },
    SetupFailed(ExtractionSetupError),
    TakeOcrPage,
    Done(Result<Box<Extraction>, ExtractionError>),
}

/// Writes one frame of raw bytes.
pub fn write_bytes(out: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    let length = u32::try_from(bytes.len())
        .ok()
        .filter(|&n| n as usize <= MAX_FRAME_BYTES)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "frame too large"))?;
    out.write_all(&length.to_le_bytes())?;
    out.write_all(bytes)?;
    out.flush()
}

/// Writes one message as a frame.
pub fn write_message(out: &mut impl Write, message: &impl Serialize) -> io::Result<()> {
    write_bytes(out, &serde_json::to_vec(message)?)
}

/// Reads one frame of raw bytes; `None` at a clean end of the stream.
pub fn read_bytes(input: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut length = [0; 4];
    match input.read_exact(&mut length) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let length = frame_length(length)?;
    let mut bytes = vec![0; length];
    input.read_exact(&mut bytes)?;
    Ok(Some(bytes))
}

/// Reads one message; `None` at a clean end of the stream.
pub fn read_message<T: DeserializeOwned>(input: &mut impl Read) -> io::Result<Option<T>> {
    read_bytes(input)?
        .map(|bytes| serde_json::from_slice(&bytes).map_err(io::Error::from))
        .transpose()
}

/// The length of a frame from its 4-byte header, refused past [`MAX_FRAME_BYTES`].
pub fn frame_length(header: [u8; 4]) -> io::Result<usize> {
    let length = u32::from_le_bytes(header) as usize;
    if length > MAX_FRAME_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a frame of {length} bytes"),
        ));
    }
    Ok(length)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip_and_a_clean_end_is_none() {
        let mut buffer = Vec::new();
        write_message(&mut buffer, &Request::Extract { cpu_seconds: 7 }).unwrap();
        write_bytes(&mut buffer, b"%PDF-1.7").unwrap();
        let mut input = buffer.as_slice();
        let request: Request = read_message(&mut input).unwrap().unwrap();
        assert!(matches!(request, Request::Extract { cpu_seconds: 7 }));
        assert_eq!(read_bytes(&mut input).unwrap().unwrap(), b"%PDF-1.7");
        assert!(read_bytes(&mut input).unwrap().is_none());
    }

    #[test]
    fn an_oversized_or_cut_frame_is_an_error() {
        let huge = (MAX_FRAME_BYTES as u32 + 1).to_le_bytes();
        assert!(read_bytes(&mut huge.as_slice()).is_err());
        let cut = [8, 0, 0, 0, b'{'];
        assert!(read_bytes(&mut cut.as_slice()).is_err());
    }
}
