//! Rows seeded directly in a test server's database.

use anyhow::Result;
use serde_json::{Value, json};

use super::server::TestServer;

/// The id of the document type named `name`.
pub async fn document_type_id(server: &TestServer, name: &str) -> Result<i64> {
    use diesel::{ExpressionMethods, QueryDsl};
    use diesel_async::RunQueryDsl;
    use shared::db::schema::document_types;
    let mut conn = server.db.pool.get().await?;
    Ok(document_types::table
        .filter(document_types::name.eq(name))
        .select(document_types::id)
        .first(&mut conn)
        .await?)
}

/// Inserts a dossier type named `name` (no rules, no required metas); its id.
pub async fn insert_dossier_type(server: &TestServer, name: &str) -> Result<i64> {
    use diesel::ExpressionMethods;
    use diesel_async::RunQueryDsl;
    use shared::db::schema::dossier_types;
    let mut conn = server.db.pool.get().await?;
    Ok(diesel::insert_into(dossier_types::table)
        .values(dossier_types::name.eq(name))
        .returning(dossier_types::id)
        .get_result(&mut conn)
        .await?)
}

/// A catalogue for pipeline tests: document type `contratto` with its one rule
/// (`document_rule`), and `dossier_rules` (description, code) of institute `Banca Test`.
pub async fn seed_rules(
    server: &TestServer,
    document_rule: &str,
    dossier_rules: &[(&str, &str)],
) -> Result<()> {
    use diesel::sql_types::{Text, Uuid as SqlUuid};
    use diesel_async::RunQueryDsl;

    let mut conn = server.db.pool.get().await?;
    diesel::sql_query("INSERT INTO document_types (name) VALUES ('contratto')")
        .execute(&mut conn)
        .await?;
    diesel::sql_query(
        "INSERT INTO document_rules (id, document_type_id, description, code, package_json) \
         SELECT $1, id, 'Importo del contratto', $2, '{}' FROM document_types WHERE name = 'contratto'",
    )
    .bind::<SqlUuid, _>(uuid::Uuid::now_v7())
    .bind::<Text, _>(document_rule)
    .execute(&mut conn)
    .await?;
    for (name, code) in dossier_rules {
        diesel::sql_query(
            "INSERT INTO dossier_rules (id, description, istituto_appartenenza, code, package_json) \
             VALUES ($1, $2, 'Banca Test', $3, '{}')",
        )
        .bind::<SqlUuid, _>(uuid::Uuid::now_v7())
        .bind::<Text, _>(*name)
        .bind::<Text, _>(*code)
        .execute(&mut conn)
        .await?;
    }
    Ok(())
}

/// A processed dossier to seed directly in the database: the fields tests vary.
pub struct ProcessedDossier<'a> {
    pub dossier_type_id: i64,
    pub document_type_id: i64,
    pub id_valutazione: &'a str,
    pub callback_url: Option<&'a str>,
    /// Whether the dossier records its archive's key (the caller stores the bytes).
    pub with_archive: bool,
    /// The one document's metas.
    pub metas: Value,
}

/// Inserts a processed dossier (description "Rossi") with one processed document `busta.pdf`
/// of `dossier.document_type_id`; returns (dossier id, document id). Stored files are the
/// caller's.
pub async fn insert_processed_dossier(
    server: &TestServer,
    dossier: ProcessedDossier<'_>,
) -> Result<(uuid::Uuid, uuid::Uuid)> {
    use diesel_async::RunQueryDsl;
    use shared::db::models::dossiers::{NewDocument, NewDossier};
    use shared::db::models::{DocumentState, DossierState};
    use shared::db::schema::{documents, dossiers};
    use shared::storage::keys;
    let mut conn = server.db.pool.get().await?;
    let id = uuid::Uuid::now_v7();
    diesel::insert_into(dossiers::table)
        .values(NewDossier {
            id,
            description: Some("Rossi".into()),
            state: DossierState::Processed,
            dossier_type_id: dossier.dossier_type_id,
            id_valutazione: dossier.id_valutazione.to_owned(),
            input: json!([]),
            callback_url: dossier.callback_url.map(str::to_owned),
            archive_key: dossier.with_archive.then(|| keys::archive(id)),
        })
        .execute(&mut conn)
        .await?;
    let document = uuid::Uuid::now_v7();
    diesel::insert_into(documents::table)
        .values(NewDocument {
            id: document,
            dossier_id: id,
            name: "busta.pdf".into(),
            description: None,
            document_type_id: Some(dossier.document_type_id),
            state: DocumentState::Processed,
            metas: dossier.metas,
            pdf_key: keys::document_pdf(id, document),
        })
        .execute(&mut conn)
        .await?;
    Ok((id, document))
}
