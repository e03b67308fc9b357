//! Serves the built web app next to the API routes: a request no route matches falls back to the
//! static files of `web/dist`, and any unknown path to `index.html` (client-side routing).

use poem::endpoint::StaticFilesEndpoint;
use poem::error::NotFoundError;
use poem::http::Method;
use poem::{Endpoint, IntoResponse, Request, Response, Result};

pub struct WithWebApp<E> {
    api: E,
    web: StaticFilesEndpoint,
}

impl<E> WithWebApp<E> {
    pub fn new(api: E, web_dist: &std::path::Path) -> Self {
        let web = StaticFilesEndpoint::new(web_dist)
            .index_file("index.html")
            .fallback_to_index();
        Self { api, web }
    }
}

impl<E: Endpoint> Endpoint for WithWebApp<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Self::Output> {
        // Only reads fall back to the web app, and they carry no body: keep what is needed to
        // replay the request if no API route matches it.
        let replay = (req.method() == Method::GET || req.method() == Method::HEAD).then(|| {
            let mut copy = Request::builder()
                .method(req.method().clone())
                .uri(req.uri().clone())
                .finish();
            *copy.headers_mut() = req.headers().clone();
            copy
        });
        match self.api.call(req).await {
            Err(error) if error.is::<NotFoundError>() => match replay {
                // A static file's error names no server path (poem's would): its status only.
                Some(req) => Ok(match self.web.call(req).await {
                    Ok(response) => response.into_response(),
                    Err(error) => {
                        let status = error.status();
                        Response::builder()
                            .status(status)
                            .body(status.canonical_reason().unwrap_or("Error"))
                    }
                }),
                None => Err(error),
            },
            other => other.map(IntoResponse::into_response),
        }
    }
}
