//! JSON lists counted while they are parsed (issue 29): an import's `files` and the items of
//! its `input` are refused at their first item past the limit, before the rest of the list is
//! read or built, whatever the size of the body around them.

use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, IgnoredAny, SeqAccess, Visitor};

/// A seed that deserializes a JSON list of `T` of at most `max` items. Past `max`, it stops
/// with an error and sets `exceeded`, so that the caller can tell this refusal from a syntax
/// error (serde errors carry only text).
pub struct BoundedList<'a, T> {
    max: usize,
    exceeded: &'a Cell<bool>,
    item: PhantomData<T>,
}

impl<'a, T> BoundedList<'a, T> {
    pub fn new(max: usize, exceeded: &'a Cell<bool>) -> Self {
        Self {
            max,
            exceeded,
            item: PhantomData,
        }
    }
}

impl<'de, T: de::Deserialize<'de>> DeserializeSeed<'de> for BoundedList<'_, T> {
    type Value = Vec<T>;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Vec<T>, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, T: de::Deserialize<'de>> Visitor<'de> for BoundedList<'_, T> {
    type Value = Vec<T>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "a list of at most {} items", self.max)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(self.max));
        while items.len() < self.max {
            match seq.next_element()? {
                Some(item) => items.push(item),
                None => return Ok(items),
            }
        }
        // The item past the limit is skipped, not built; its presence is the refusal.
        if seq.next_element::<IgnoredAny>()?.is_some() {
            self.exceeded.set(true);
            return Err(de::Error::custom(format_args!(
                "more than {} items",
                self.max
            )));
        }
        Ok(items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str, max: usize) -> (Result<Vec<u32>, String>, bool) {
        let exceeded = Cell::new(false);
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let parsed = BoundedList::new(max, &exceeded)
            .deserialize(&mut deserializer)
            .map_err(|e| e.to_string());
        (parsed, exceeded.get())
    }

    #[test]
    fn lists_up_to_the_limit_parse_and_longer_ones_stop_at_the_next_item() {
        assert_eq!(parse("[]", 2), (Ok(vec![]), false));
        assert_eq!(parse("[1, 2]", 2), (Ok(vec![1, 2]), false));
        assert!(parse("[1, 2, 3]", 2).1);
        // Stopped at the third item: what follows it is never read, even when malformed.
        assert!(parse("[1, 2, 3, oops", 2).1);
        assert!(!parse("[1, oops]", 2).1);
        assert!(!parse("{}", 2).1);
    }
}
