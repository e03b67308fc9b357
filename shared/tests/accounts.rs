//! The first administrator, against a real PostgreSQL (`ISTRUTTORIA_TEST_DATABASE_URL`).

use anyhow::Result;
use argon2::{Argon2, PasswordHash, PasswordVerifier};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use shared::accounts::{ADMIN_ROLE, SeedOutcome, seed_admin};
use shared::db::models::accounts::CasbinRule;
use shared::db::repo::users::{count_users, find_user_by_email};
use shared::db::schema::{casbin_rule, roles};
use shared::testing::TestDatabase;

#[tokio::test]
async fn seeding_creates_the_administrator_with_an_argon2id_hash_and_the_admin_role() -> Result<()>
{
    let db = TestDatabase::create().await?;
    let outcome = seed_admin(&db.pool, "Admin@Example.test", Some("a-secret-1")).await?;
    assert_eq!(
        outcome,
        SeedOutcome::Created {
            email: "Admin@Example.test".into(),
            password: "a-secret-1".into(),
            generated: false
        }
    );

    let mut conn = db.pool.get().await?;
    let user = find_user_by_email(&mut conn, "admin@example.test")
        .await?
        .expect("the administrator exists");
    let hash = PasswordHash::new(&user.password_hash)?;
    assert_eq!(hash.algorithm.as_str(), "argon2id");
    assert_eq!(
        hash.params.get_decimal("m"),
        Some(19 * 1024),
        "19 MiB of memory"
    );
    assert_eq!(hash.params.get_decimal("t"), Some(2), "2 iterations");
    Argon2::default().verify_password(b"a-secret-1", &hash)?;
    assert!(Argon2::default().verify_password(b"wrong", &hash).is_err());

    let role_names: Vec<String> = roles::table.select(roles::name).load(&mut conn).await?;
    assert_eq!(role_names, [ADMIN_ROLE]);
    let rules: Vec<CasbinRule> = casbin_rule::table
        .order(casbin_rule::ptype)
        .select(CasbinRule::as_select())
        .load(&mut conn)
        .await?;
    let rows: Vec<(&str, &str, &str)> = rules
        .iter()
        .map(|r| (r.ptype.as_str(), r.v0.as_str(), r.v1.as_str()))
        .collect();
    assert_eq!(
        rows,
        [
            ("g", "Admin@Example.test", ADMIN_ROLE),
            ("p", ADMIN_ROLE, "*")
        ]
    );
    Ok(())
}

#[tokio::test]
async fn seeding_again_changes_nothing_and_a_missing_password_is_generated() -> Result<()> {
    let db = TestDatabase::create().await?;
    let SeedOutcome::Created {
        password,
        generated: true,
        ..
    } = seed_admin(&db.pool, "first@example.test", None).await?
    else {
        panic!("the first seeding creates the administrator");
    };
    assert_eq!(password.len(), 16);
    assert!(password.chars().all(|c| c.is_ascii_alphanumeric()));

    let again = seed_admin(&db.pool, "other@example.test", None).await?;
    assert_eq!(
        again,
        SeedOutcome::AlreadySeeded {
            email: "other@example.test".into(),
            password: None
        }
    );
    let mut conn = db.pool.get().await?;
    assert_eq!(count_users(&mut conn).await?, 1);
    Ok(())
}

#[tokio::test]
async fn concurrent_seeders_create_one_administrator() -> Result<()> {
    let db = TestDatabase::create().await?;
    let seeders = (0..4).map(|i| {
        let pool = db.pool.clone();
        tokio::spawn(async move {
            seed_admin(&pool, &format!("admin{i}@example.test"), Some("secret-123")).await
        })
    });
    let outcomes = futures::future::try_join_all(seeders).await?;
    let created = outcomes
        .into_iter()
        .filter(|o| matches!(o, Ok(SeedOutcome::Created { .. })))
        .count();
    assert_eq!(created, 1);
    let mut conn = db.pool.get().await?;
    assert_eq!(count_users(&mut conn).await?, 1);
    Ok(())
}
