//! AcroForm field values, in one representation whatever wrote the PDF.
//!
//! PDF viewers and libraries disagree on how a button's value reads ("true"/"false", "Yes",
//! "On", the appearance state's name…). Rules get: a string for text, combo and list fields;
//! `true`/`false` for a checkbox (or a group of them: true when any is checked); the export
//! value of the selected button for a radio group; `null` for a field without a value.

use std::collections::BTreeMap;

use pdfium_render::prelude::*;
use serde_json::Value;

pub(super) fn field_values(document: &PdfDocument<'_>) -> BTreeMap<String, Value> {
    let mut values = BTreeMap::new();
    if document.form().is_none() {
        return values;
    }
    for page in document.pages().iter() {
        for annotation in page.annotations().iter() {
            let Some(field) = annotation.as_form_field() else {
                continue;
            };
            let Some(name) = field.name().filter(|n| !n.is_empty()) else {
                continue;
            };
            let value = match field.field_type() {
                PdfFormFieldType::Text => field
                    .as_text_field()
                    .and_then(|f| f.value())
                    .map_or(Value::Null, Value::String),
                PdfFormFieldType::ComboBox => field
                    .as_combo_box_field()
                    .and_then(|f| f.value())
                    .map_or(Value::Null, Value::String),
                PdfFormFieldType::ListBox => field
                    .as_list_box_field()
                    .and_then(|f| f.value())
                    .map_or(Value::Null, Value::String),
                PdfFormFieldType::Checkbox => {
                    let checked = field
                        .as_checkbox_field()
                        .is_some_and(|f| f.is_checked().unwrap_or(false));
                    // One checked box of a group makes the group true.
                    if values.get(&name) == Some(&Value::Bool(true)) {
                        continue;
                    }
                    Value::Bool(checked)
                }
                PdfFormFieldType::RadioButton => {
                    let selected = field.as_radio_button_field().and_then(|f| {
                        f.is_checked()
                            .unwrap_or(false)
                            .then(|| f.group_value())
                            .flatten()
                    });
                    match selected.filter(|v| !v.is_empty() && v != "Off") {
                        Some(export) => Value::String(export),
                        // Another button of the group may already have been found selected.
                        None if values.contains_key(&name) => continue,
                        None => Value::Null,
                    }
                }
                PdfFormFieldType::PushButton
                | PdfFormFieldType::Signature
                | PdfFormFieldType::Unknown => continue,
            };
            values.insert(name, value);
        }
    }
    values
}
