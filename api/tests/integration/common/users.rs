//! Users created through the API.

use anyhow::Result;
use serde_json::{Value, json};

use super::server::TestServer;

/// The password of the users [`logged_in_user`] creates.
pub const PASSWORD: &str = "segreto1";

/// The input of `createUser` (and of `register`): Mario Rossi, `email`, `password` twice.
pub fn new_user(email: &str, password: &str) -> Value {
    json!({
        "email": email, "firstName": "Mario", "lastName": "Rossi",
        "password": password, "confirmPassword": password
    })
}

/// Creates the user `input` (a `CreateUserInput`) as the administrator `admin`.
pub async fn create_user(server: &TestServer, admin: &str, input: Value) -> Result<()> {
    let body = server
        .graphql_as(
            admin,
            "mutation($u: CreateUserInput!) { createUser(user: $u) { email } }",
            json!({ "u": input }),
        )
        .await?;
    anyhow::ensure!(body["errors"].is_null(), "{body}");
    Ok(())
}

/// Creates `email` (with [`PASSWORD`]) as `admin` and logs them in; their access token.
pub async fn logged_in_user(server: &TestServer, admin: &str, email: &str) -> Result<String> {
    create_user(server, admin, new_user(email, PASSWORD)).await?;
    server.login(email, PASSWORD).await
}
