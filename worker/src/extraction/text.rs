//! Words from characters, and text normalisation.
//!
//! PDFium gives the characters of a page in content order with a box each (PDF points, origin
//! bottom-left) and inserts "generated" spaces and line breaks where the layout implies them.
//! A word is a run of non-blank characters on one line; its box is the union of its
//! characters' boxes, turned to a top-left origin so that `y` grows down the page as the
//! reader's eye does.

use super::Word;

/// One character of a page as PDFium reports it: PDF user space, origin bottom-left. `bounds`
/// is `None` when PDFium has no box for it (generated characters).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CharBox {
    pub c: char,
    pub bounds: Option<Bounds>,
}

/// A box in PDF user space (origin bottom-left).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    pub left: f32,
    pub bottom: f32,
    pub right: f32,
    pub top: f32,
}

/// Groups a page's characters into words (see the module's documentation). `page_height`
/// turns the boxes to a top-left origin.
pub fn words_from_chars(
    page: u32,
    page_height: f32,
    chars: impl IntoIterator<Item = CharBox>,
) -> Vec<Word> {
    let mut words = Vec::new();
    let mut current: Option<Pending> = None;
    for ch in chars {
        if is_blank(ch.c) {
            flush(&mut current, &mut words, page, page_height);
            continue;
        }
        if let (Some(word), Some(bounds)) = (&current, ch.bounds)
            && word.breaks_before(&bounds)
        {
            flush(&mut current, &mut words, page, page_height);
        }
        match &mut current {
            Some(word) => word.push(ch),
            None => current = Some(Pending::new(ch)),
        }
    }
    flush(&mut current, &mut words, page, page_height);
    words
}

/// `\r\n` and lone `\r` become `\n`; PDFium's other control characters (e.g. `\u{2}` for a
/// hyphen it generated at a line end) become what they stand for or go; trailing blanks of
/// lines go.
/// The document's text from its pages' texts: each page but the last ends with a line break,
/// then a form feed. A form feed is not a line terminator (`split("\n")`, `^…$` with the `m`
/// flag): without the line break, a rule reading line by line would see the last line of one
/// page and the first of the next as one line.
pub fn join_pages<'a>(pages: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for (i, page) in pages.into_iter().enumerate() {
        if i > 0 {
            if !out.ends_with('\n') {
                out.push('\n');
            }
            out.push('\u{c}');
        }
        out.push_str(page);
    }
    out
}

pub fn normalise(text: &str) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let line: String = line
            .chars()
            .filter_map(|c| match c {
                '\u{2}' => Some('-'),
                '\t' => Some(' '),
                '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => None,
                c => Some(c),
            })
            .collect();
        out.push_str(line.trim_end());
    }
    out
}

fn is_blank(c: char) -> bool {
    c.is_whitespace() || c.is_control() || c == '\u{fffe}' || c == '\u{feff}'
}

struct Pending {
    text: String,
    bounds: Option<Bounds>,
}

impl Pending {
    fn new(ch: CharBox) -> Self {
        Self {
            text: ch.c.to_string(),
            bounds: ch.bounds.filter(is_real),
        }
    }

    fn push(&mut self, ch: CharBox) {
        self.text.push(ch.c);
        if let Some(b) = ch.bounds.filter(is_real) {
            self.bounds = Some(match self.bounds {
                None => b,
                Some(a) => Bounds {
                    left: a.left.min(b.left),
                    bottom: a.bottom.min(b.bottom),
                    right: a.right.max(b.right),
                    top: a.top.max(b.top),
                },
            });
        }
    }

    /// A character that is on another line, goes back left, or leaves a gap wider than a
    /// space starts another word even without a blank between them.
    fn breaks_before(&self, next: &Bounds) -> bool {
        let Some(word) = self.bounds else {
            return false;
        };
        if !is_real(next) {
            return false;
        }
        let height = (word.top - word.bottom)
            .max(next.top - next.bottom)
            .max(1.0);
        let middle = (next.top + next.bottom) / 2.0;
        let other_line = middle > word.top || middle < word.bottom;
        let backwards = next.left < word.right - height * 0.5;
        let gap = next.left - word.right > height * 0.3;
        other_line || backwards || gap
    }
}

/// Zero-area boxes (some generated or invisible characters) carry no position.
fn is_real(b: &Bounds) -> bool {
    b.right > b.left && b.top > b.bottom
}

fn flush(current: &mut Option<Pending>, words: &mut Vec<Word>, page: u32, page_height: f32) {
    if let Some(word) = current.take() {
        let b = word.bounds.unwrap_or(Bounds {
            left: 0.0,
            bottom: page_height,
            right: 0.0,
            top: page_height,
        });
        words.push(Word {
            page,
            text: word.text,
            x0: b.left,
            y0: page_height - b.top,
            x1: b.right,
            y1: page_height - b.bottom,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_end_with_a_line_break_before_their_form_feed() {
        assert_eq!(join_pages(["a\nb", "c", "d"]), "a\nb\n\u{c}c\n\u{c}d");
        // A page already ending its last line, and an empty page, get no second break.
        assert_eq!(join_pages(["a\n", "", "b"]), "a\n\u{c}\n\u{c}b");
        assert_eq!(join_pages(["solo"]), "solo");
        assert_eq!(join_pages([]), "");
    }

    fn chars(text: &str, x: f32, baseline: f32) -> Vec<CharBox> {
        text.chars()
            .enumerate()
            .map(|(i, c)| CharBox {
                c,
                bounds: (c != ' ').then_some(Bounds {
                    left: x + 6.0 * i as f32,
                    bottom: baseline,
                    right: x + 6.0 * i as f32 + 5.5,
                    top: baseline + 9.0,
                }),
            })
            .collect()
    }

    #[test]
    fn words_split_on_blanks_lines_and_gaps() {
        let mut input = chars("Società per", 72.0, 700.0);
        input.push(CharBox {
            c: '\r',
            bounds: None,
        });
        input.push(CharBox {
            c: '\n',
            bounds: None,
        });
        input.extend(chars("azioni", 72.0, 684.0));
        // No blank, but far to the right: another word.
        input.extend(chars("€", 300.0, 684.0));
        let words = words_from_chars(1, 842.0, input);
        let texts: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(texts, ["Società", "per", "azioni", "€"]);
        let first = &words[0];
        assert_eq!((first.x0, first.x1), (72.0, 72.0 + 36.0 + 5.5));
        assert_eq!((first.y0, first.y1), (842.0 - 709.0, 842.0 - 700.0));
        assert!(
            words[2].y0 > words[0].y1,
            "the second line is below the first"
        );
    }

    #[test]
    fn text_is_normalised() {
        assert_eq!(normalise("a \r\nb\rc\u{2}\r\n\td"), "a\nb\nc-\n d");
    }
}
