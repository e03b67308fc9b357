//! The module `"istruttoria"` rules import (`import { numero } from "istruttoria"`): the
//! functions of `worker/rule-stdlib`, compiled here to Wasm, on the global `__istruttoria_std`
//! that `harness.js` freezes and the bundle's imports read (`worker/src/rules/bundle.rs`).
//!
//! Each function takes any value, as JavaScript does: text is parsed, a number given to a
//! number parser is itself when finite, anything else is `null` (or `false` for the checks) —
//! the same answers as the Playground zip's JavaScript copy (`worker/rule-stdlib/js`).

use istruttoria_rule_stdlib as lib;
use javy_plugin_api::javy::quickjs::{Array, Ctx, Function, Object, Result, Value};

/// The text of a string value (`None` for any other value).
fn text(value: &Value<'_>) -> Option<String> {
    value.as_string().and_then(|s| s.to_string().ok())
}

/// A number, or `null`.
fn number_or_null<'js>(ctx: &Ctx<'js>, number: Option<f64>) -> Value<'js> {
    match number {
        Some(number) => Value::new_number(ctx.clone(), number),
        None => Value::new_null(ctx.clone()),
    }
}

/// A number parser applied to `value`: a finite number is itself.
fn parsed(value: &Value<'_>, parse: fn(&str) -> Option<f64>) -> Option<f64> {
    match value.as_number() {
        Some(number) => number.is_finite().then_some(number),
        None => text(value).and_then(|text| parse(&text)),
    }
}

fn numero<'js>(ctx: Ctx<'js>, value: Value<'js>) -> Value<'js> {
    number_or_null(&ctx, parsed(&value, lib::numero))
}

fn importo<'js>(ctx: Ctx<'js>, value: Value<'js>) -> Value<'js> {
    number_or_null(&ctx, parsed(&value, lib::importo))
}

fn percentuale<'js>(ctx: Ctx<'js>, value: Value<'js>) -> Value<'js> {
    number_or_null(&ctx, parsed(&value, lib::percentuale))
}

fn data<'js>(ctx: Ctx<'js>, value: Value<'js>) -> Result<Value<'js>> {
    match text(&value).and_then(|text| lib::data(&text)) {
        Some(date) => {
            Ok(javy_plugin_api::javy::quickjs::String::from_str(ctx, &date)?.into_value())
        }
        None => Ok(Value::new_null(ctx)),
    }
}

fn codice_fiscale_valido(value: Value<'_>) -> bool {
    text(&value).is_some_and(|text| lib::codice_fiscale_valido(&text))
}

fn iban_valido(value: Value<'_>) -> bool {
    text(&value).is_some_and(|text| lib::iban_valido(&text))
}

fn normalizza<'js>(ctx: Ctx<'js>, value: Value<'js>) -> Result<Value<'js>> {
    match text(&value) {
        Some(text) => Ok(javy_plugin_api::javy::quickjs::String::from_str(
            ctx,
            &lib::normalizza(&text),
        )?
        .into_value()),
        None => Ok(Value::new_null(ctx)),
    }
}

fn contiene(haystack: Value<'_>, phrase: Value<'_>) -> bool {
    match (text(&haystack), text(&phrase)) {
        (Some(haystack), Some(phrase)) => lib::contiene(&haystack, &phrase),
        _ => false,
    }
}

/// The rows of a table: the table itself when it is an array, else its `rows`.
fn rows<'js>(table: &Value<'js>) -> Option<Array<'js>> {
    if let Some(rows) = table.as_array() {
        return Some(rows.clone());
    }
    table
        .as_object()
        .and_then(|table| table.get::<_, Value>("rows").ok())
        .and_then(|rows| rows.as_array().cloned())
}

/// A whole number ≥ 0 used as an index.
fn index(value: &Value<'_>) -> Option<usize> {
    let number = value.as_number()?;
    (number >= 0.0 && number.fract() == 0.0 && number < 4_294_967_295.0).then_some(number as usize)
}

/// The number in cell (`row`, `column`) of `table`, or `null`.
fn numero_cella<'js>(
    ctx: Ctx<'js>,
    table: Value<'js>,
    row: Value<'js>,
    column: Value<'js>,
) -> Value<'js> {
    let cell = rows(&table)
        .zip(index(&row))
        .and_then(|(rows, row)| rows.get::<Value>(row).ok())
        .and_then(|cells| cells.as_array().cloned())
        .zip(index(&column))
        .and_then(|(cells, column)| cells.get::<Value>(column).ok());
    number_or_null(&ctx, cell.and_then(|cell| parsed(&cell, lib::numero)))
}

/// The numbers of column `column` of `table`, one per row (`null` where there is none).
fn numeri_colonna<'js>(ctx: Ctx<'js>, table: Value<'js>, column: Value<'js>) -> Result<Array<'js>> {
    let out = Array::new(ctx.clone())?;
    let Some(rows) = rows(&table) else {
        return Ok(out);
    };
    let column = index(&column);
    for (at, row) in rows.iter::<Value>().enumerate() {
        let cell = row?
            .as_array()
            .cloned()
            .zip(column)
            .and_then(|(cells, column)| cells.get::<Value>(column).ok());
        out.set(
            at,
            number_or_null(&ctx, cell.and_then(|cell| parsed(&cell, lib::numero))),
        )?;
    }
    Ok(out)
}

pub fn install(ctx: &Ctx<'_>) -> Result<()> {
    let std = Object::new(ctx.clone())?;
    std.set("numero", Function::new(ctx.clone(), numero)?)?;
    std.set("importo", Function::new(ctx.clone(), importo)?)?;
    std.set("percentuale", Function::new(ctx.clone(), percentuale)?)?;
    std.set("data", Function::new(ctx.clone(), data)?)?;
    std.set(
        "codiceFiscaleValido",
        Function::new(ctx.clone(), codice_fiscale_valido)?,
    )?;
    std.set("ibanValido", Function::new(ctx.clone(), iban_valido)?)?;
    std.set("normalizza", Function::new(ctx.clone(), normalizza)?)?;
    std.set("contiene", Function::new(ctx.clone(), contiene)?)?;
    std.set("numeroCella", Function::new(ctx.clone(), numero_cella)?)?;
    std.set("numeriColonna", Function::new(ctx.clone(), numeri_colonna)?)?;
    for name in lib::NAMES {
        debug_assert!(
            std.contains_key(*name).unwrap_or(false),
            "{name} is installed"
        );
    }
    ctx.globals().set("__istruttoria_std", std)
}
