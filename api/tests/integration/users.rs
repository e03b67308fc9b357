//! Users through the real server: list and search, one user, creation with its validation
//! messages (docs/domain.md#input-rules-and-limits), names, passwords, avatar, deletion,
//! registration, and the audit log.

use crate::common;

use anyhow::Result;
use common::{
    ADMIN_EMAIL, Options, TestServer,
    users::{PASSWORD, new_user},
};
use serde_json::{Value, json};

const CREATE: &str = "mutation($u: CreateUserInput!) { createUser(user: $u) { email firstName lastName avatar createdAt } }";

fn error(body: &Value) -> (&str, &str, &str) {
    let e = &body["errors"][0];
    (
        e["extensions"]["code"].as_str().unwrap_or_default(),
        e["extensions"]["field"].as_str().unwrap_or_default(),
        e["message"].as_str().unwrap_or_default(),
    )
}

async fn create(server: &TestServer, admin: &str, user: Value) -> Result<Value> {
    server.graphql_as(admin, CREATE, json!({ "u": user })).await
}

async fn audit_actions(server: &TestServer) -> Result<Vec<String>> {
    let mut conn = server.db.pool.get().await?;
    let entries = shared::db::repo::audit::latest(&mut conn, 100).await?;
    Ok(entries.into_iter().map(|e| e.action).collect())
}

#[tokio::test]
async fn create_list_search_and_read_users() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let body = create(
        &server,
        &admin,
        new_user(" Mario.Rossi@Example.com ", PASSWORD),
    )
    .await?;
    let created = &body["data"]["createUser"];
    assert_eq!(created["email"], "Mario.Rossi@Example.com", "{body}");
    assert_eq!(created["avatar"], Value::Null);
    let other = json!({ "email": "luisa@example.com", "firstName": "Luisa", "lastName": "Bianchi",
        "password": "segreto1", "confirmPassword": "segreto1" });
    create(&server, &admin, other).await?;

    let list = server
        .graphql_as(&admin, "{ users { email } }", json!({}))
        .await?;
    let emails: Vec<&str> = list["data"]["users"]
        .as_array()
        .map(|a| a.iter().filter_map(|u| u["email"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(
        emails,
        vec![ADMIN_EMAIL, "luisa@example.com", "Mario.Rossi@Example.com"],
        "sorted by e-mail, any case"
    );
    for (search, expected) in [
        ("bianchi", vec!["luisa@example.com"]),
        ("MARIO", vec!["Mario.Rossi@Example.com"]),
        ("%", vec![]),
    ] {
        let found = server
            .graphql_as(
                &admin,
                "query($s: String) { users(search: $s, limit: 10) { email } }",
                json!({ "s": search }),
            )
            .await?;
        let emails: Vec<&str> = found["data"]["users"]
            .as_array()
            .map(|a| a.iter().filter_map(|u| u["email"].as_str()).collect())
            .unwrap_or_default();
        assert_eq!(emails, expected, "search {search}");
    }
    let limited = server
        .graphql_as(&admin, "{ users(limit: 1) { email } }", json!({}))
        .await?;
    assert_eq!(limited["data"]["users"].as_array().map(Vec::len), Some(1));

    let one = server
        .graphql_as(
            &admin,
            "query($e: String!) { user(email: $e) { email firstName } }",
            json!({ "e": "mario.rossi@example.com" }),
        )
        .await?;
    assert_eq!(one["data"]["user"]["firstName"], "Mario", "{one}");
    let none = server
        .graphql_as(
            &admin,
            "query($e: String!) { user(email: $e) { email } }",
            json!({ "e": "nobody@example.com" }),
        )
        .await?;
    assert_eq!(none["data"]["user"], Value::Null, "{none}");

    // The new user can log in and, having no role, has no permission.
    let token = server.login("mario.rossi@example.com", "segreto1").await?;
    let refused = server
        .graphql_as(&token, "{ users { email } }", json!({}))
        .await?;
    assert_eq!(error(&refused).0, "FORBIDDEN", "{refused}");
    assert!(
        audit_actions(&server)
            .await?
            .contains(&"user.create".to_owned())
    );
    Ok(())
}

#[tokio::test]
async fn creation_follows_the_spec_validation_messages() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let base = new_user("anna@example.com", PASSWORD);
    let with = |field: &str, value: &str| {
        let mut user = base.clone();
        user[field] = json!(value);
        user
    };
    let cases = [
        (with("firstName", ""), "firstName", "Campo obbligatorio"),
        (
            with("lastName", &"x".repeat(31)),
            "lastName",
            "Lunghezza massima: 30 caratteri",
        ),
        (with("email", ""), "email", "Campo obbligatorio"),
        (
            with("email", "anna.example.com"),
            "email",
            "Email non valida",
        ),
        (
            with("email", &format!("{}@example.com", "a".repeat(50))),
            "email",
            "Lunghezza massima: 60 caratteri",
        ),
        (
            {
                let mut u = with("password", "corta");
                u["confirmPassword"] = json!("corta");
                u
            },
            "password",
            "Lunghezza minima: 7 caratteri",
        ),
        (
            {
                let mut u = with("password", &"p".repeat(21));
                u["confirmPassword"] = json!("p".repeat(21));
                u
            },
            "password",
            "Lunghezza massima: 20 caratteri",
        ),
        (
            with("confirmPassword", ""),
            "confirmPassword",
            "Campo obbligatorio",
        ),
        (
            with("confirmPassword", "segreto2"),
            "confirmPassword",
            "Le password devono coincidere",
        ),
    ];
    for (user, field, message) in cases {
        let body = create(&server, &admin, user).await?;
        assert_eq!(error(&body), ("BAD_USER_INPUT", field, message), "{body}");
    }
    create(&server, &admin, base.clone()).await?;
    let duplicate = create(&server, &admin, with("email", "ANNA@example.com")).await?;
    assert_eq!(
        error(&duplicate),
        (
            "BAD_USER_INPUT",
            "email",
            "Esiste già un utente con questa email"
        ),
        "{duplicate}"
    );
    Ok(())
}

#[tokio::test]
async fn names_passwords_and_avatars_change() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    create(&server, &admin, new_user("paolo@example.com", PASSWORD)).await?;

    let update = "mutation($e: String!, $u: UpdateUserInput!) { updateUser(email: $e, user: $u) { firstName lastName } }";
    let body = server
        .graphql_as(&admin, update, json!({ "e": "PAOLO@example.com", "u": { "firstName": " Paolo ", "lastName": "Verdi" } }))
        .await?;
    assert_eq!(
        body["data"]["updateUser"],
        json!({ "firstName": "Paolo", "lastName": "Verdi" }),
        "{body}"
    );
    let body = server
        .graphql_as(
            &admin,
            update,
            json!({ "e": "paolo@example.com", "u": { "firstName": "", "lastName": "Verdi" } }),
        )
        .await?;
    assert_eq!(
        error(&body),
        ("BAD_USER_INPUT", "firstName", "Campo obbligatorio")
    );
    let body = server
        .graphql_as(
            &admin,
            update,
            json!({ "e": "ghost@example.com", "u": { "firstName": "A", "lastName": "B" } }),
        )
        .await?;
    assert_eq!(error(&body).0, "NOT_FOUND", "{body}");

    // An administrator sets the password: the user's sessions end, the new password works.
    let session = server
        .graphql(
            "mutation { basicLogin(username: \"paolo@example.com\", password: \"segreto1\") { refreshToken } }",
            json!({}),
        )
        .await?;
    let refresh = session["data"]["basicLogin"]["refreshToken"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let set =
        "mutation($e: String!, $p: String!) { updateUserPassword(email: $e, newPassword: $p) }";
    let short = server
        .graphql_as(
            &admin,
            set,
            json!({ "e": "paolo@example.com", "p": "corta" }),
        )
        .await?;
    assert_eq!(
        error(&short),
        (
            "BAD_USER_INPUT",
            "newPassword",
            "Lunghezza minima: 7 caratteri"
        )
    );
    let body = server
        .graphql_as(
            &admin,
            set,
            json!({ "e": "paolo@example.com", "p": "nuova-pass" }),
        )
        .await?;
    assert_eq!(body["data"]["updateUserPassword"], true, "{body}");
    let refreshed = server
        .graphql(
            "mutation($t: String!) { getNewAccessToken(refreshToken: $t) { logged } }",
            json!({ "t": refresh }),
        )
        .await?;
    assert_eq!(
        refreshed["data"]["getNewAccessToken"]["logged"], false,
        "sessions revoked"
    );
    let paolo = server.login("paolo@example.com", "nuova-pass").await?;

    // The user changes their own password, checking the old one; only their own.
    let own = "mutation($e: String!, $o: String!, $n: String!) { updateSelfPassword(email: $e, oldPassword: $o, newPassword: $n) }";
    let wrong = server
        .graphql_as(
            &paolo,
            own,
            json!({ "e": "paolo@example.com", "o": "sbagliata", "n": "ancora-nuova" }),
        )
        .await?;
    assert_eq!(error(&wrong).0, "BAD_USER_INPUT", "{wrong}");
    assert_eq!(error(&wrong).1, "oldPassword");
    let other = server
        .graphql_as(
            &paolo,
            own,
            json!({ "e": ADMIN_EMAIL, "o": "nuova-pass", "n": "ancora-nuova" }),
        )
        .await?;
    assert_eq!(error(&other).0, "BAD_USER_INPUT", "{other}");
    assert_eq!(error(&other).1, "email");
    let ok = server
        .graphql_as(
            &paolo,
            own,
            json!({ "e": "paolo@example.com", "o": "nuova-pass", "n": "ancora-nuova" }),
        )
        .await?;
    assert_eq!(ok["data"]["updateSelfPassword"], true, "{ok}");
    server.login("paolo@example.com", "ancora-nuova").await?;

    // Avatar: own is allowed without any role; another user's needs updateUser.
    let png = "data:image/png;base64,iVBORw0KGgppbWFnZQ==";
    let avatar = "mutation($e: String!, $a: String!) { updateAvatar(email: $e, avatar: $a) { email avatar } }";
    let mine = server
        .graphql_as(
            &paolo,
            avatar,
            json!({ "e": "paolo@example.com", "a": png }),
        )
        .await?;
    assert_eq!(mine["data"]["updateAvatar"]["avatar"], json!(png), "{mine}");
    let theirs = server
        .graphql_as(&paolo, avatar, json!({ "e": ADMIN_EMAIL, "a": png }))
        .await?;
    assert_eq!(error(&theirs).0, "FORBIDDEN", "{theirs}");
    let by_admin = server
        .graphql_as(&admin, avatar, json!({ "e": "paolo@example.com", "a": "" }))
        .await?;
    assert_eq!(
        by_admin["data"]["updateAvatar"]["avatar"],
        Value::Null,
        "{by_admin}"
    );
    let bad = server
        .graphql_as(
            &paolo,
            avatar,
            json!({ "e": "paolo@example.com", "a": "data:text/plain;base64,eA==" }),
        )
        .await?;
    assert_eq!(error(&bad).0, "BAD_USER_INPUT", "{bad}");

    let actions = audit_actions(&server).await?;
    for action in ["user.update", "user.password_set", "user.password_change"] {
        assert!(
            actions.contains(&action.to_owned()),
            "{action} in {actions:?}"
        );
    }
    Ok(())
}

#[tokio::test]
async fn delete_user_refuses_oneself_and_removes_groups() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    create(&server, &admin, new_user("giulia@example.com", PASSWORD)).await?;
    server
        .graphql_as(
            &admin,
            "mutation { createRole(name: \"lettori\", description: \"Leggono\") { name } }",
            json!({}),
        )
        .await?;
    let group = server
        .graphql_as(
            &admin,
            "mutation { AddGroup(subject: \"giulia@example.com\", role: \"lettori\") { subject } }",
            json!({}),
        )
        .await?;
    assert_eq!(
        group["data"]["AddGroup"]["subject"], "giulia@example.com",
        "{group}"
    );

    let delete = "mutation($e: String!) { deleteUser(email: $e) }";
    let myself = server
        .graphql_as(&admin, delete, json!({ "e": ADMIN_EMAIL.to_uppercase() }))
        .await?;
    assert_eq!(error(&myself).0, "CONFLICT", "{myself}");
    let missing = server
        .graphql_as(&admin, delete, json!({ "e": "ghost@example.com" }))
        .await?;
    assert_eq!(error(&missing).0, "NOT_FOUND", "{missing}");
    let body = server
        .graphql_as(&admin, delete, json!({ "e": "giulia@example.com" }))
        .await?;
    assert_eq!(body["data"]["deleteUser"], true, "{body}");

    let groups = server
        .graphql_as(&admin, "{ getGroups { subject role } }", json!({}))
        .await?;
    let subjects: Vec<&str> = groups["data"]["getGroups"]
        .as_array()
        .map(|a| a.iter().filter_map(|g| g["subject"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(subjects, vec![ADMIN_EMAIL], "{groups}");
    // The role is no longer used, so it can go.
    let role = server
        .graphql_as(
            &admin,
            "mutation { deleteRole(name: \"lettori\") }",
            json!({}),
        )
        .await?;
    assert_eq!(role["data"]["deleteRole"], true, "{role}");
    assert!(
        audit_actions(&server)
            .await?
            .contains(&"user.delete".to_owned())
    );
    Ok(())
}
