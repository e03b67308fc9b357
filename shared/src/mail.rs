//! Outgoing e-mail, one way for the API (password reset codes) and the worker (notifications).
//!
//! With `ISTRUTTORIA_SMTP_URL` set, messages go out through lettre's pooled async SMTP
//! transport (rustls, no OpenSSL). Without it — development and tests — every message is
//! written, fully formatted (RFC 5322, as it would go on the wire), to the outbox directory.
//! lettre's own file transport names files `<uuid>.eml`, which do not sort; here each file is
//! `<unix-nanos>-<uuid>.eml`, so `ls` (and a test) reads them in the order they were sent. The
//! file is written under a temporary name and renamed, so a reader never sees half a message.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox};
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::{AsyncTransport, Message, Tokio1Executor};
use uuid::Uuid;

use crate::config::MailConfig;

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("{what} is not a valid e-mail address: {source}")]
    Address {
        what: String,
        #[source]
        source: lettre::address::AddressError,
    },
    #[error("cannot build the e-mail: {0}")]
    Build(#[from] lettre::error::Error),
    #[error("ISTRUTTORIA_SMTP_URL is not valid: {0}")]
    SmtpUrl(#[source] lettre::transport::smtp::Error),
    #[error("the SMTP server did not accept the e-mail: {0}")]
    Smtp(#[source] lettre::transport::smtp::Error),
    #[error("cannot write the e-mail to {path}: {source}")]
    Outbox {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// One plain-text e-mail to one recipient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    pub to: String,
    pub subject: String,
    pub body: String,
}

#[derive(Clone)]
enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
}

/// Sends e-mail as the configuration says; cheap to clone.
#[derive(Clone)]
pub struct Mailer {
    from: Mailbox,
    transport: Transport,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let transport = match &self.transport {
            Transport::Smtp(_) => "smtp".to_owned(),
            Transport::Outbox(dir) => format!("outbox {}", dir.display()),
        };
        f.debug_struct("Mailer")
            .field("from", &self.from.to_string())
            .field("transport", &transport)
            .finish()
    }
}

impl Mailer {
    pub fn from_config(config: &MailConfig) -> Result<Self, MailError> {
        let from = parse_mailbox(&config.from, "ISTRUTTORIA_MAIL_FROM")?;
        let transport = match &config.smtp_url {
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(MailError::SmtpUrl)?
                    .build(),
            ),
            None => Transport::Outbox(config.outbox_dir.clone()),
        };
        Ok(Self { from, transport })
    }

    /// The outbox directory, when messages are written to files.
    pub fn outbox_dir(&self) -> Option<&Path> {
        match &self.transport {
            Transport::Outbox(dir) => Some(dir),
            Transport::Smtp(_) => None,
        }
    }

    pub async fn send(&self, email: &Email) -> Result<(), MailError> {
        let to = parse_mailbox(&email.to, "the recipient")?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(email.subject.clone())
            .header(ContentType::TEXT_PLAIN)
            .body(body(&email.body))?;
        match &self.transport {
            Transport::Smtp(smtp) => {
                smtp.send(message).await.map_err(MailError::Smtp)?;
            }
            Transport::Outbox(dir) => write_to_outbox(dir, &message.formatted()).await?,
        }
        tracing::info!(subject = %email.subject, "e-mail sent");
        Ok(())
    }
}

/// Quoted-printable whatever the text: readable in the outbox, safe for any SMTP server, and
/// digits (a reset code) are never split or encoded.
fn body(text: &str) -> Body {
    Body::new_with_encoding(text.to_owned(), ContentTransferEncoding::QuotedPrintable)
        .unwrap_or_else(|_| Body::new(text.to_owned()))
}

fn parse_mailbox(value: &str, what: &str) -> Result<Mailbox, MailError> {
    value.parse().map_err(|source| MailError::Address {
        what: what.to_owned(),
        source,
    })
}

async fn write_to_outbox(dir: &Path, bytes: &[u8]) -> Result<(), MailError> {
    let outbox = |path: &Path| {
        let path = path.to_owned();
        move |source| MailError::Outbox { path, source }
    };
    tokio::fs::create_dir_all(dir).await.map_err(outbox(dir))?;
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    // Fixed width, so the names sort by time as text too.
    let name = format!("{nanos:020}-{}.eml", Uuid::new_v4().simple());
    let temporary = dir.join(format!(".{name}.tmp"));
    let path = dir.join(name);
    tokio::fs::write(&temporary, bytes)
        .await
        .map_err(outbox(&temporary))?;
    tokio::fs::rename(&temporary, &path)
        .await
        .map_err(outbox(&path))?;
    Ok(())
}

/// Longest e-mail address anything accepts (login, recovery, reset, notification recipients);
/// a new user's is shorter (`accounts::MAX_NEW_EMAIL`).
pub const MAX_EMAIL: usize = 255;

/// An address `local@domain` as RFC 5322 allows (lettre's parser), without display name.
pub fn is_email(value: &str) -> bool {
    value.parse::<lettre::Address>().is_ok() && !value.contains(char::is_whitespace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn without_smtp_messages_are_files_that_sort_by_time() {
        let dir = std::env::temp_dir().join(format!("outbox-{}", Uuid::new_v4().simple()));
        let mailer = Mailer::from_config(&MailConfig {
            smtp_url: None,
            outbox_dir: dir.clone(),
            from: "Istruttoria <noreply@istruttoria.local>".into(),
        })
        .expect("valid config");
        for subject in ["primo", "secondo", "terzo"] {
            mailer
                .send(&Email {
                    to: "mario.rossi@example.com".into(),
                    subject: subject.into(),
                    body: format!("Messaggio {subject} — àèì"),
                })
                .await
                .expect("written");
        }
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .expect("the outbox exists")
            .map(|entry| {
                entry
                    .expect("entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        assert_eq!(names.len(), 3);
        assert!(names.iter().all(|n| n.ends_with(".eml")), "{names:?}");
        let subjects: Vec<bool> = ["primo", "secondo", "terzo"]
            .iter()
            .zip(&names)
            .map(|(subject, name)| {
                std::fs::read_to_string(dir.join(name))
                    .expect("readable")
                    .contains(&format!("Subject: {subject}"))
            })
            .collect();
        assert_eq!(subjects, vec![true, true, true]);
        let first = std::fs::read_to_string(dir.join(&names[0])).expect("readable");
        assert!(first.contains("To: mario.rossi@example.com"), "{first}");
        std::fs::remove_dir_all(dir).expect("cleaned up");
    }

    #[test]
    fn a_bad_sender_or_smtp_url_is_a_configuration_error() {
        let config = MailConfig {
            smtp_url: None,
            outbox_dir: PathBuf::from("/tmp"),
            from: "not an address".into(),
        };
        assert!(matches!(
            Mailer::from_config(&config),
            Err(MailError::Address { .. })
        ));
        let config = MailConfig {
            smtp_url: Some("ftp://nowhere".into()),
            from: "a@b.it".into(),
            ..config
        };
        assert!(matches!(
            Mailer::from_config(&config),
            Err(MailError::SmtpUrl(_))
        ));
    }
}
