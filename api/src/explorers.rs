//! The API explorers, served from the project's own assets under the web app's
//! Content-Security-Policy (`crate::headers`), so that they work offline and no other origin
//! can run code in them:
//!
//! - **Swagger UI** at `/swagger/`: poem-openapi embeds its script and style in the binary but
//!   inlines them in its page, which a CSP without `'unsafe-inline'` scripts would block; they
//!   are served here as same-origin files, with a page and a start script of ours that load
//!   the API's document from `/openapi.json`.
//! - **GraphiQL** on `GET /graphql` (when `ISTRUTTORIA_GRAPHIQL` is on): the page the web app's
//!   build makes (`web/graphiql.html`, with GraphiQL and React bundled by Vite), read from
//!   the built web app.

use poem::endpoint::make_sync;
use poem::http::{StatusCode, header};
use poem::{Endpoint, Response, Route};

/// Swagger UI's page: its style, its bundle and our start script, all same-origin.
const SWAGGER_PAGE: &str = r#"<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<title>Istruttoria · API REST</title>
<link rel="stylesheet" href="/swagger/swagger-ui.css">
<script src="/swagger/swagger-ui-bundle.js"></script>
<script src="/swagger/start.js" defer></script>
</head>
<body><div id="ui"></div></body>
</html>
"#;

/// Starts Swagger UI on the API's document; no validator badge (it would load an image from
/// the validator's site).
const SWAGGER_START: &str = r#"SwaggerUIBundle({
  dom_id: '#ui',
  url: '/openapi.json',
  filter: false,
  deepLinking: true,
  validatorUrl: null,
});
"#;

/// The routes of Swagger UI under `/swagger`, from the page poem-openapi builds (`html`: its
/// `swagger_ui_html()`), whose inline style and bundle are served as files.
pub fn swagger(html: &str) -> Route {
    let (style, bundle) = swagger_assets(html)
        .expect("poem-openapi's Swagger UI page inlines one style and its bundle");
    let file = |content_type: &'static str, body: String| {
        make_sync(move |_| {
            Response::builder()
                .content_type(content_type)
                .body(body.clone())
        })
    };
    Route::new()
        .at(
            "/",
            file("text/html; charset=utf-8", SWAGGER_PAGE.to_owned()),
        )
        .at("/swagger-ui.css", file("text/css; charset=utf-8", style))
        .at(
            "/swagger-ui-bundle.js",
            file("text/javascript; charset=utf-8", bundle),
        )
        .at(
            "/start.js",
            file("text/javascript; charset=utf-8", SWAGGER_START.to_owned()),
        )
}

/// The inline style and the first inline script (the bundle) of poem-openapi's page.
fn swagger_assets(html: &str) -> Option<(String, String)> {
    let between = |start: &str, end: &str| {
        let from = html.find(start)? + start.len();
        let to = from + html[from..].find(end)?;
        Some(html[from..to].to_owned())
    };
    let style = between("<style charset=\"UTF-8\">", "</style>")?;
    let bundle = between("<script charset=\"UTF-8\">", "</script>")?;
    (style.len() > 1000 && bundle.contains("SwaggerUIBundle")).then_some((style, bundle))
}

/// GraphiQL's page, built with the web app (`web/dist/graphiql.html`).
pub const GRAPHIQL_PAGE: &str = "graphiql.html";

/// `GET /graphql` with GraphiQL on: the page of the built web app at `web_dist`, or why not.
pub fn graphiql(web_dist: &std::path::Path) -> impl Endpoint + use<> {
    let page = web_dist.join(GRAPHIQL_PAGE);
    make_sync(move |_| match std::fs::read_to_string(&page) {
        Ok(html) => Response::builder()
            .content_type("text/html; charset=utf-8")
            .body(html),
        Err(_) => Response::builder()
            .status(StatusCode::SERVICE_UNAVAILABLE)
            .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
            .body(format!(
                "GraphiQL non è disponibile: manca {} (si crea con `npm run build` in web/)",
                page.display()
            )),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn poem_openapi_s_page_gives_its_style_and_bundle() {
        let service = poem_openapi::OpenApiService::new((), "t", "1");
        let (style, bundle) = super::swagger_assets(&service.swagger_ui_html()).expect("found");
        assert!(style.contains(".swagger-ui"));
        assert!(bundle.len() > 100_000);
        assert!(!bundle.contains("</script>"));
    }
}
