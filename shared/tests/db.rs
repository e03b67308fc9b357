//! Database tests against a real PostgreSQL: `ISTRUTTORIA_TEST_DATABASE_URL=postgres://…/postgres
//! cargo test -p shared --features testing`. Each test gets its own database.

use anyhow::Result;
use diesel::prelude::*;
use diesel::result::DatabaseErrorKind;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use diesel_migrations::MigrationHarness;
use serde_json::json;
use shared::db::models::accounts::{CasbinRule, NewCasbinRule, NewUser};
use shared::db::models::dossiers::{Document, Dossier, NewDocument, NewDocumentLog, NewDossier};
use shared::db::models::rules::{
    DocumentRule, DossierRule, NewDocumentRule, NewDocumentRuleDataTable, NewDossierRule,
    NewHelperCode,
};
use shared::db::models::types::{
    DataTable, DataTableChanges, DocumentType, DossierType, NewDataTable, NewDocumentType,
    NewDossierType,
};
use shared::db::models::{DocumentState, DossierState, new_id};
use shared::db::repo::users::{count_users, create_user, find_user_by_email};
use shared::db::schema::{
    casbin_rule, data_tables, document_logs, document_rule_data_tables, document_rules,
    document_types, documents, dossier_rules, dossier_types, dossiers, helper_code,
};
use shared::db::{DbError, MIGRATIONS, QueryContext, run_migrations};
use shared::testing::{TestDatabase, admin_url, unique_name, with_database};
use uuid::Uuid;

const EVERY_TABLE: &[&str] = &[
    "__diesel_schema_migrations",
    "api_keys",
    "audit_log",
    "casbin_rule",
    "data_tables",
    "document_logs",
    "document_rule_data_tables",
    "document_rules",
    "document_types",
    "documents",
    "dossier_callbacks",
    "dossier_rule_data_tables",
    "dossier_rule_execution_logs",
    "dossier_rule_executions",
    "dossier_rules",
    "dossier_type_required_metas",
    "dossier_types",
    "dossiers",
    "failed_jobs",
    "helper_code",
    "import_idempotency_keys",
    "job_failures",
    "job_outbox",
    "notification_receivers",
    "password_reset_codes",
    "pending_registrations",
    "refresh_tokens",
    "revoked_sessions",
    "roles",
    "rule_execution_logs",
    "rule_validations",
    "rule_versions",
    "users",
    "validation_documents",
    "validation_logs",
    "webhook_secrets",
    "what_if_changes",
    "what_if_runs",
];

#[derive(QueryableByName)]
struct TableName {
    #[diesel(sql_type = diesel::sql_types::Text)]
    table_name: String,
}

async fn public_tables(conn: &mut AsyncPgConnection) -> Result<Vec<String>> {
    let rows: Vec<TableName> = diesel::sql_query(
        "SELECT table_name::text AS table_name FROM information_schema.tables \
         WHERE table_schema = 'public' ORDER BY table_name",
    )
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|row| row.table_name).collect())
}

fn new_user(email: &str) -> NewUser {
    NewUser {
        id: new_id(),
        email: email.to_owned(),
        first_name: "Maria".to_owned(),
        last_name: "Rossi".to_owned(),
        avatar: None,
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".to_owned(),
    }
}

async fn insert_dossier_type(conn: &mut AsyncPgConnection, name: &str) -> Result<DossierType> {
    Ok(diesel::insert_into(dossier_types::table)
        .values(NewDossierType {
            name: name.to_owned(),
        })
        .returning(DossierType::as_returning())
        .get_result(conn)
        .await?)
}

async fn insert_document_type(conn: &mut AsyncPgConnection, name: &str) -> Result<DocumentType> {
    Ok(diesel::insert_into(document_types::table)
        .values(NewDocumentType {
            name: name.to_owned(),
        })
        .returning(DocumentType::as_returning())
        .get_result(conn)
        .await?)
}

fn new_dossier(dossier_type_id: i64) -> NewDossier {
    NewDossier {
        id: new_id(),
        description: Some("Pratica 42".to_owned()),
        state: DossierState::Processing,
        dossier_type_id,
        id_valutazione: String::new(),
        input: json!([{ "durata_finanziamento": 24 }, { "durata_finanziamento": 36 }]),
        callback_url: Some("https://example.test/callback".to_owned()),
        archive_key: Some("dossiers/42/archive.zip".to_owned()),
    }
}

async fn insert_dossier(conn: &mut AsyncPgConnection, dossier_type_id: i64) -> Result<Dossier> {
    Ok(diesel::insert_into(dossiers::table)
        .values(new_dossier(dossier_type_id))
        .returning(Dossier::as_returning())
        .get_result(conn)
        .await?)
}

async fn insert_document(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
    document_type_id: Option<i64>,
) -> Result<Document> {
    let id = new_id();
    Ok(diesel::insert_into(documents::table)
        .values(NewDocument {
            id,
            dossier_id,
            name: "contratto.pdf".to_owned(),
            description: None,
            document_type_id,
            state: DocumentState::Uploaded,
            metas: json!({ "codice_fiscale": "RSSMRA80A01H501U" }),
            pdf_key: format!("documents/{id}.pdf"),
        })
        .returning(Document::as_returning())
        .get_result(conn)
        .await?)
}

fn new_document_rule(document_type_id: i64) -> NewDocumentRule {
    NewDocumentRule {
        id: new_id(),
        document_type_id,
        description: "Codice fiscale presente".to_owned(),
        code: "export default () => ({ success: true });".to_owned(),
        package_json: r#"{ "name": "rule", "version": "1.0.0" }"#.to_owned(),
        nota: String::new(),
        active: true,
    }
}

#[tokio::test]
async fn migrations_create_every_table() -> Result<()> {
    let db = TestDatabase::create().await?;
    let mut conn = db.pool.get().await?;
    assert_eq!(public_tables(&mut conn).await?, EVERY_TABLE);
    shared::db::ping(&db.pool).await?;
    Ok(())
}

#[tokio::test]
async fn main_models_round_trip() -> Result<()> {
    let db = TestDatabase::create().await?;
    let mut conn = db.pool.get().await?;

    let user = create_user(&mut conn, new_user("maria.rossi@example.test")).await?;
    assert_eq!(user.email, "maria.rossi@example.test");
    assert_eq!(
        find_user_by_email(&mut conn, "maria.rossi@example.test").await?,
        Some(user)
    );

    let dossier_type = insert_dossier_type(&mut conn, "cessione").await?;
    let document_type = insert_document_type(&mut conn, "busta paga").await?;

    let dossier = insert_dossier(&mut conn, dossier_type.id).await?;
    assert_eq!(dossier.state, DossierState::Processing);
    assert_eq!(dossier.error, None);
    assert_eq!(
        dossiers::table
            .find(dossier.id)
            .select(Dossier::as_select())
            .first(&mut conn)
            .await?,
        dossier
    );

    let document = insert_document(&mut conn, dossier.id, Some(document_type.id)).await?;
    assert_eq!(document.metas["codice_fiscale"], "RSSMRA80A01H501U");
    assert_eq!(document.raw_text_key, None);
    assert_eq!(
        documents::table
            .find(document.id)
            .select(Document::as_select())
            .first(&mut conn)
            .await?,
        document
    );

    let data_table = diesel::insert_into(data_tables::table)
        .values(NewDataTable {
            name: "tassi".to_owned(),
            ordinamento: 2,
            content: json!([{ "durata": 24, "tan": 5.5 }]),
        })
        .returning(DataTable::as_returning())
        .get_result(&mut conn)
        .await?;
    assert_eq!(
        data_tables::table
            .find(data_table.id)
            .select(DataTable::as_select())
            .first(&mut conn)
            .await?,
        data_table
    );

    let document_rule = diesel::insert_into(document_rules::table)
        .values(new_document_rule(document_type.id))
        .returning(DocumentRule::as_returning())
        .get_result(&mut conn)
        .await?;
    diesel::insert_into(document_rule_data_tables::table)
        .values(NewDocumentRuleDataTable {
            document_rule_id: document_rule.id,
            data_table_id: data_table.id,
        })
        .execute(&mut conn)
        .await?;
    assert_eq!(
        document_rules::table
            .find(document_rule.id)
            .select(DocumentRule::as_select())
            .first(&mut conn)
            .await?,
        document_rule
    );

    let dossier_rule = diesel::insert_into(dossier_rules::table)
        .values(NewDossierRule {
            id: new_id(),
            description: "Durata ammessa".to_owned(),
            istituto_appartenenza: "Banca Esempio".to_owned(),
            code: "export default ({ metas, input }) => ({ success: true });".to_owned(),
            package_json: "{}".to_owned(),
            must_contain: vec!["cessione del quinto".to_owned()],
            not_contain: vec!["delegazione".to_owned(), "revoca".to_owned()],
            nota: "nota".to_owned(),
            gruppo: vec!["durata".to_owned()],
            dossier_type_id: None,
            active: true,
            valid: true,
        })
        .returning(DossierRule::as_returning())
        .get_result(&mut conn)
        .await?;
    let dossier_rule_read = dossier_rules::table
        .find(dossier_rule.id)
        .select(DossierRule::as_select())
        .first(&mut conn)
        .await?;
    assert_eq!(dossier_rule_read.not_contain, ["delegazione", "revoca"]);
    assert_eq!(dossier_rule_read, dossier_rule);

    let policy = NewCasbinRule::policy("admin", "USERS", "users", "read", "allow");
    let inserted = diesel::insert_into(casbin_rule::table)
        .values(&policy)
        .returning(CasbinRule::as_returning())
        .get_result(&mut conn)
        .await?;
    assert_eq!((inserted.v4.as_str(), inserted.v5.as_str()), ("allow", ""));
    let duplicate = diesel::insert_into(casbin_rule::table)
        .values(&policy)
        .execute(&mut conn)
        .await
        .context("inserting the same policy twice");
    assert!(matches!(duplicate, Err(ref err) if err.is_unique_violation()));

    Ok(())
}

#[tokio::test]
async fn deleting_a_dossier_deletes_its_documents_and_their_logs() -> Result<()> {
    let db = TestDatabase::create().await?;
    let mut conn = db.pool.get().await?;
    let dossier_type = insert_dossier_type(&mut conn, "cessione").await?;
    let dossier = insert_dossier(&mut conn, dossier_type.id).await?;
    let other = insert_dossier(&mut conn, dossier_type.id).await?;
    let document = insert_document(&mut conn, dossier.id, None).await?;
    insert_document(&mut conn, dossier.id, None).await?;
    insert_document(&mut conn, other.id, None).await?;
    diesel::insert_into(document_logs::table)
        .values(NewDocumentLog::new(
            new_id(),
            document.id,
            &shared::messages::event_imported(),
        ))
        .execute(&mut conn)
        .await?;

    diesel::delete(dossiers::table.find(dossier.id))
        .execute(&mut conn)
        .await?;

    let left: Vec<Uuid> = documents::table
        .select(documents::dossier_id)
        .load(&mut conn)
        .await?;
    assert_eq!(left, [other.id]);
    let logs: i64 = document_logs::table.count().get_result(&mut conn).await?;
    assert_eq!(logs, 0);
    Ok(())
}

#[tokio::test]
async fn check_constraints_reject_invalid_values() -> Result<()> {
    let db = TestDatabase::create().await?;
    let mut conn = db.pool.get().await?;
    let dossier_type = insert_dossier_type(&mut conn, "cessione").await?;

    let unknown_state = diesel::sql_query(
        "INSERT INTO dossiers (id, state, dossier_type_id) VALUES ($1, 'archived', $2)",
    )
    .bind::<diesel::sql_types::Uuid, _>(new_id())
    .bind::<diesel::sql_types::BigInt, _>(dossier_type.id)
    .execute(&mut conn)
    .await
    .context("inserting a dossier in an unknown state");
    let err = unknown_state.expect_err("the CHECK must reject the state");
    assert!(err.is_check_violation(), "{err:?}");
    assert_eq!(err.constraint_name(), Some("dossiers_state_check"));

    // Every state the enum knows is accepted.
    for state in DossierState::ALL {
        let mut dossier = new_dossier(dossier_type.id);
        dossier.state = *state;
        diesel::insert_into(dossiers::table)
            .values(dossier)
            .execute(&mut conn)
            .await?;
    }

    let long_name = insert_document_type(&mut conn, &"x".repeat(31)).await;
    let err = long_name.expect_err("type names are at most 30 characters");
    let kind = err
        .downcast_ref::<diesel::result::Error>()
        .and_then(|err| match err {
            diesel::result::Error::DatabaseError(kind, _) => Some(kind),
            _ => None,
        });
    assert!(
        matches!(kind, Some(DatabaseErrorKind::CheckViolation)),
        "{err:?}"
    );

    // A helper belongs to exactly one rule.
    let orphan_helper = diesel::insert_into(helper_code::table)
        .values(NewHelperCode {
            id: new_id(),
            document_rule_id: None,
            dossier_rule_id: None,
            description: String::new(),
            code: "export const x = 1;".to_owned(),
        })
        .execute(&mut conn)
        .await
        .context("inserting a helper without a rule");
    assert_eq!(
        orphan_helper
            .expect_err("must be rejected")
            .constraint_name(),
        Some("helper_code_one_rule_check")
    );
    Ok(())
}

#[tokio::test]
async fn a_document_type_with_rules_cannot_be_deleted() -> Result<()> {
    let db = TestDatabase::create().await?;
    let mut conn = db.pool.get().await?;
    let document_type = insert_document_type(&mut conn, "busta paga").await?;
    diesel::insert_into(document_rules::table)
        .values(new_document_rule(document_type.id))
        .execute(&mut conn)
        .await?;

    let deleted = diesel::delete(document_types::table.find(document_type.id))
        .execute(&mut conn)
        .await
        .context("deleting a document type that has rules");
    assert!(
        matches!(deleted, Err(ref err) if err.is_foreign_key_violation()),
        "{deleted:?}"
    );
    Ok(())
}

#[tokio::test]
async fn users_are_unique_and_found_by_email_ignoring_case() -> Result<()> {
    let db = TestDatabase::create().await?;
    let mut conn = db.pool.get().await?;
    assert_eq!(count_users(&mut conn).await?, 0);

    let user = create_user(&mut conn, new_user("Maria.Rossi@Example.test")).await?;
    assert_eq!(
        user.email, "Maria.Rossi@Example.test",
        "the spelling is kept"
    );
    assert_eq!(
        find_user_by_email(&mut conn, "maria.rossi@example.TEST")
            .await?
            .map(|u| u.id),
        Some(user.id)
    );
    assert_eq!(
        find_user_by_email(&mut conn, "someone@example.test").await?,
        None
    );

    let duplicate = create_user(&mut conn, new_user("maria.rossi@example.test")).await;
    let err = duplicate.expect_err("e-mails are unique whatever their case");
    assert!(err.is_unique_violation());
    assert_eq!(err.constraint_name(), Some("users_email_lower_key"));
    assert!(matches!(err, DbError::Query { .. }));
    assert_eq!(
        err.to_string(),
        "database query failed while creating a user"
    );
    assert_eq!(count_users(&mut conn).await?, 1);
    Ok(())
}

#[tokio::test]
async fn updated_at_follows_changes() -> Result<()> {
    let db = TestDatabase::create().await?;
    let mut conn = db.pool.get().await?;
    let table = diesel::insert_into(data_tables::table)
        .values(NewDataTable {
            name: "tassi".to_owned(),
            ordinamento: 1,
            content: json!({}),
        })
        .returning(DataTable::as_returning())
        .get_result(&mut conn)
        .await?;
    assert_eq!(table.created_at, table.updated_at);

    let changed = diesel::update(data_tables::table.find(table.id))
        .set(DataTableChanges {
            ordinamento: Some(5),
            ..DataTableChanges::default()
        })
        .returning(DataTable::as_returning())
        .get_result(&mut conn)
        .await?;
    assert_eq!(changed.ordinamento, 5);
    assert_eq!(changed.created_at, table.created_at);
    assert!(changed.updated_at > table.updated_at);
    Ok(())
}

#[tokio::test]
async fn test_databases_are_isolated() -> Result<()> {
    let first = TestDatabase::create().await?;
    let second = TestDatabase::create().await?;
    assert_ne!(first.name(), second.name());

    create_user(
        &mut *first.pool.get().await?,
        new_user("only.here@example.test"),
    )
    .await?;

    assert_eq!(count_users(&mut *first.pool.get().await?).await?, 1);
    assert_eq!(count_users(&mut *second.pool.get().await?).await?, 0);
    Ok(())
}

#[tokio::test]
async fn a_test_database_is_dropped_with_its_handle() -> Result<()> {
    let db = TestDatabase::create().await?;
    let name = db.name().to_owned();
    drop(db);

    let admin_url = admin_url()?;
    let mut admin = AsyncPgConnection::establish(&admin_url).await?;
    let remaining: i64 =
        diesel::sql_query("SELECT count(*) AS count FROM pg_database WHERE datname = $1")
            .bind::<diesel::sql_types::Text, _>(&name)
            .get_result::<Count>(&mut admin)
            .await?
            .count;
    assert_eq!(remaining, 0);
    Ok(())
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    count: i64,
}

/// Every down.sql undoes its up.sql: reverting everything leaves no table, and the
/// migrations apply again afterwards.
#[tokio::test]
async fn migrations_revert_and_reapply() -> Result<()> {
    let db = TestDatabase::create().await?;
    let url = db.url.clone();
    tokio::task::spawn_blocking(move || -> Result<()> {
        use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
        let mut conn =
            <AsyncConnectionWrapper<AsyncPgConnection> as diesel::Connection>::establish(&url)?;
        conn.revert_all_migrations(MIGRATIONS)
            .map_err(|err| anyhow::anyhow!("reverting: {err}"))?;
        conn.run_pending_migrations(MIGRATIONS)
            .map_err(|err| anyhow::anyhow!("re-applying: {err}"))?;
        Ok(())
    })
    .await??;

    let mut conn = db.pool.get().await?;
    assert_eq!(public_tables(&mut conn).await?, EVERY_TABLE);
    Ok(())
}

/// The events recorded before document events kept their message get one where their form is
/// known (migration 000024; an error, when it repeats its document's stored error), so that
/// the screens say them in the user's language; the others keep only their text.
#[tokio::test]
async fn earlier_document_events_get_their_message() -> Result<()> {
    let db = TestDatabase::create().await?;
    let (url, mut conn) = (db.url.clone(), db.pool.get().await?);
    let dossier_type = insert_dossier_type(&mut conn, "cessione").await?;
    let dossier = insert_dossier(&mut conn, dossier_type.id).await?;
    let document = insert_document(&mut conn, dossier.id, None).await?;
    diesel::update(documents::table.find(document.id))
        .set((
            documents::error.eq("PDF protetto da password"),
            documents::error_message.eq(shared::messages::pdf_encrypted().to_json()),
        ))
        .execute(&mut conn)
        .await?;
    drop(conn);
    let migrate = |revert: bool| {
        let url = url.clone();
        tokio::task::spawn_blocking(move || -> Result<()> {
            use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
            let mut conn =
                <AsyncConnectionWrapper<AsyncPgConnection> as diesel::Connection>::establish(&url)?;
            if revert {
                // Back to before the migration that gave earlier events their message.
                loop {
                    let reverted = conn
                        .revert_last_migration(MIGRATIONS)
                        .map_err(|err| anyhow::anyhow!("reverting: {err}"))?;
                    if reverted.to_string().ends_with("000024") {
                        break;
                    }
                }
            } else {
                conn.run_pending_migrations(MIGRATIONS)
                    .map_err(|err| anyhow::anyhow!("applying: {err}"))?;
            }
            Ok(())
        })
    };
    migrate(true).await??;
    let events = [
        ("importato", Some("imported")),
        ("estratto: 3 pagine", Some("extracted (pages: 3)")),
        (
            "estratto: 3 pagine, 1 lette con OCR",
            Some("extracted (pages: 3, read by OCR: 1)"),
        ),
        ("regole eseguite (2)", Some("rules run: 2")),
        (
            "tag modificati da anna@example.com",
            Some("tags changed by anna@example.com"),
        ),
        (
            "errore: PDF protetto da password",
            Some("error: Password-protected PDF"),
        ),
        ("errore: una regola ha fallito", None),
        (
            "estratto: 2 pagine; pagina 2 non letta: pagina troppo grande",
            None,
        ),
    ];
    let mut conn = db.pool.get().await?;
    for (event, _) in events {
        diesel::sql_query(
            "INSERT INTO document_logs (id, document_id, event) VALUES (gen_random_uuid(), $1, $2)",
        )
        .bind::<diesel::sql_types::Uuid, _>(document.id)
        .bind::<diesel::sql_types::Text, _>(event)
        .execute(&mut conn)
        .await?;
    }
    drop(conn);
    migrate(false).await??;

    let mut conn = db.pool.get().await?;
    for (event, english) in events {
        let message: Option<serde_json::Value> = document_logs::table
            .filter(document_logs::event.eq(event))
            .select(document_logs::message)
            .first(&mut conn)
            .await?;
        let said = message
            .as_ref()
            .and_then(shared::messages::Message::from_json)
            .map(|message| message.english());
        assert_eq!(said.as_deref(), english, "{event}");
    }
    Ok(())
}

/// Replicas starting together all call run_migrations on an empty database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_migration_runs_are_safe() -> Result<()> {
    let admin_url = admin_url()?;
    let name = unique_name("test_concurrent");
    let mut admin = AsyncPgConnection::establish(&admin_url).await?;
    diesel::sql_query(format!("CREATE DATABASE \"{name}\""))
        .execute(&mut admin)
        .await?;

    let url = with_database(&admin_url, &name)?;
    let (a, b, c) = tokio::join!(
        run_migrations(&url),
        run_migrations(&url),
        run_migrations(&url)
    );
    let outcome = (|| -> Result<()> {
        a?;
        b?;
        c?;
        Ok(())
    })();

    let tables = match AsyncPgConnection::establish(&url).await {
        Ok(mut conn) => public_tables(&mut conn).await,
        Err(err) => Err(err.into()),
    };
    diesel::sql_query(format!("DROP DATABASE \"{name}\" WITH (FORCE)"))
        .execute(&mut admin)
        .await?;
    outcome?;
    assert_eq!(tables?, EVERY_TABLE);
    Ok(())
}
