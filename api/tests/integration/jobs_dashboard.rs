//! The jobs dashboard (issue 14) through the real HTTP API, PostgreSQL, Redis and worker
//! processes: failed jobs recorded in PostgreSQL with every attempt and its worker, filtered,
//! opened, retried and discarded one at a time or as a filtered set (bounded, audited,
//! permission-checked), and queues paused and resumed.

use crate::common;

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::{Context, Result};
use chrono::Utc;
use common::fixtures::insert_dossier_type;
use common::{
    Options, Receiver, TestServer, WorkerProcess,
    graphql::{error_code, ok},
    wait::eventually,
    wait::until_idle,
};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use serde_json::{Value, json};
use shared::db::models::accounts::{NewCasbinRule, NewRole, NewUser};
use shared::db::models::dossiers::{NewDocument, NewDossier};
use shared::db::models::{DocumentState, DossierState};
use shared::db::schema::{
    audit_log, casbin_rule, documents, dossier_callbacks, dossiers, failed_jobs, job_outbox, roles,
    users,
};
use shared::jobs::failures::{self, FailedAttempt, LastAttempt};
use shared::jobs::job_failure::JobFailure;
use shared::jobs::outbox;
use shared::jobs::ping::{PingJob, PingReply};
use shared::jobs::pipeline::{ExtractDocument, SendCallback};
use uuid::Uuid;

const FAILED_JOBS: &str = r#"query ($filter: FailedJobFilter, $page: TableInput) {
  failedJobs(filter: $filter, page: $page) {
    total more pages items { id queue failedAt attempts error errorCode errorParams dossierId worker }
  }
}"#;

const FAILED_JOB: &str = r#"query ($id: ID!) {
  failedJob(id: $id) {
    job { id queue attempts dossierId worker }
    payload dossierExists
    history { attempt worker error errorCode failedAt }
  }
}"#;

const QUEUES: &str = "{ jobQueues { name waiting outbox running retrying failed doneLastHour failedLastHour paused } }";

async fn failed_jobs(server: &TestServer, token: &str, filter: Value) -> Result<Value> {
    let body = server
        .graphql_as(
            token,
            FAILED_JOBS,
            json!({ "filter": filter, "page": { "pageSize": 50 } }),
        )
        .await?;
    Ok(ok(&body)?["failedJobs"].clone())
}

async fn queue(server: &TestServer, token: &str, name: &str) -> Result<Value> {
    let queues = ok(&server.graphql_as(token, QUEUES, json!({})).await?)?;
    queues["jobQueues"]
        .as_array()
        .and_then(|queues| queues.iter().find(|q| q["name"] == name))
        .cloned()
        .with_context(|| format!("no queue {name}: {queues}"))
}

/// The audit entries with `action`, oldest first: (target id, details).
async fn audited(server: &TestServer, action: &str) -> Result<Vec<(Option<String>, Value)>> {
    let mut conn = server.db.pool.get().await?;
    Ok(audit_log::table
        .filter(audit_log::action.eq(action))
        .order(audit_log::created_at)
        .select((audit_log::target_id, audit_log::details))
        .load(&mut conn)
        .await?)
}

/// A dossier as the pipeline leaves it: `processed`, with its aggregate, calling `callback_url`
/// back.
async fn processed_dossier(server: &TestServer, type_id: i64, callback_url: &str) -> Result<Uuid> {
    let id = Uuid::now_v7();
    let mut conn = server.db.pool.get().await?;
    diesel::insert_into(dossiers::table)
        .values(NewDossier {
            id,
            description: Some("pratica".into()),
            state: DossierState::Processed,
            dossier_type_id: type_id,
            id_valutazione: format!("V-{}", id.simple()),
            input: json!([]),
            callback_url: Some(callback_url.to_owned()),
            archive_key: None,
        })
        .execute(&mut conn)
        .await?;
    diesel::update(dossiers::table.find(id))
        .set(dossiers::aggregate_result.eq(Some(json!({ "success": true }))))
        .execute(&mut conn)
        .await?;
    Ok(id)
}

/// Writes jobs to the outbox in one transaction, as the API does.
async fn enqueue<J: shared::jobs::Job>(server: &TestServer, jobs: &[J]) -> Result<Vec<Uuid>> {
    let mut conn = server.db.pool.get().await?;
    conn.transaction(async |conn| -> Result<Vec<Uuid>> {
        let mut ids = Vec::new();
        for job in jobs {
            ids.push(outbox::enqueue(conn, job).await?);
        }
        Ok(ids)
    })
    .await
}

/// A user whose role allows exactly `resources`, and an access token of theirs.
async fn user_with(server: &TestServer, name: &str, resources: &[&str]) -> Result<String> {
    server.admin_token().await?;
    let id = Uuid::now_v7();
    let email = format!("{name}@jobs.test");
    let mut conn = server.db.pool.get().await?;
    diesel::insert_into(users::table)
        .values(NewUser {
            id,
            email: email.clone(),
            first_name: "Operatore".into(),
            last_name: "Code".into(),
            avatar: None,
            password_hash: shared::auth::passwords::hash_password("operator-password")?,
        })
        .execute(&mut conn)
        .await?;
    diesel::insert_into(roles::table)
        .values(NewRole {
            name: name.to_owned(),
            description: resources.join(", "),
        })
        .execute(&mut conn)
        .await?;
    let mut rules = vec![NewCasbinRule::group(&email, name, "*")];
    for resource in resources {
        rules.push(NewCasbinRule::policy(name, "*", resource, "*", "allow"));
    }
    diesel::insert_into(casbin_rule::table)
        .values(&rules)
        .execute(&mut conn)
        .await?;
    server.state.access.reload().await?;
    Ok(server
        .state
        .auth
        .keys()
        .issue(id, &email, Uuid::now_v7(), None)?
        .token)
}

/// A job of `queue` that failed for good at `failed_at` with `error`, written as the worker
/// writes it.
async fn failed_job(
    server: &TestServer,
    queue: &str,
    error: &str,
    failed_at: chrono::DateTime<Utc>,
) -> Result<Uuid> {
    let job_id = Uuid::now_v7();
    failures::record_attempt(
        &server.db.pool,
        &FailedAttempt {
            job_id,
            attempt: 1,
            queue: queue.to_owned(),
            worker: "host:1".into(),
            failure: JobFailure::new(shared::jobs::job_failure::JOB_FAILED, error),
            failed_at,
            last: Some(LastAttempt {
                payload: json!({ "id": Uuid::now_v7(), "requested_at": failed_at }),
                dossier_id: None,
                attempts: 1,
            }),
        },
    )
    .await?;
    Ok(job_id)
}

async fn worker(server: &TestServer, extra: &[(&str, &str)]) -> Result<WorkerProcess> {
    let mut env = vec![
        ("ISTRUTTORIA_CALLBACK_ALLOWLIST", "127.0.0.1"),
        ("ISTRUTTORIA_CALLBACK_BACKOFF_MS", "50"),
    ];
    env.extend_from_slice(extra);
    server.spawn_worker_with(&env).await
}

/// A job that keeps failing is recorded at each attempt with its error and worker; at the last
/// it is listed with its payload and dossier; the filters find it by queue, error text and time;
/// discarding it is audited.
#[tokio::test]
async fn a_job_failing_for_good_is_listed_with_every_attempt_and_found_by_the_filters() -> Result<()>
{
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let worker = worker(&server, &[("ISTRUTTORIA_JOB_MAX_ATTEMPTS", "2")]).await?;
    let started = Utc::now();

    // A document whose PDF is not in the storage: its extraction cannot succeed.
    let type_id = insert_dossier_type(&server, "Pratiche").await?;
    let dossier_id = processed_dossier(&server, type_id, "http://127.0.0.1:9/cb").await?;
    let document_id = Uuid::now_v7();
    let pdf_key = format!("dossiers/{dossier_id}/documents/{document_id}.pdf");
    {
        let mut conn = server.db.pool.get().await?;
        diesel::insert_into(documents::table)
            .values(NewDocument {
                id: document_id,
                dossier_id,
                name: "contratto.pdf".into(),
                description: None,
                document_type_id: None,
                state: DocumentState::Uploaded,
                metas: json!({}),
                pdf_key: pdf_key.clone(),
            })
            .execute(&mut conn)
            .await?;
    }
    let [job_id] = enqueue(
        &server,
        &[ExtractDocument {
            document_id,
            dossier_id: Some(dossier_id),
        }],
    )
    .await?[..] else {
        anyhow::bail!("one job");
    };

    let extract = json!({ "queues": ["extract"] });
    let page = eventually(
        Duration::from_secs(20),
        "the extraction fails for good",
        || {
            let (server, token, extract) = (&server, &token, extract.clone());
            async move {
                let page = failed_jobs(server, token, extract).await?;
                Ok((page["total"] == 1).then_some(page))
            }
        },
    )
    .await?;
    let job = &page["items"][0];
    assert_eq!(job["id"], job_id.to_string(), "the outbox row's id: {page}");
    assert_eq!(job["queue"], "extract");
    assert_eq!(job["attempts"], 2, "{page}");
    assert_eq!(job["errorCode"], "job_failed", "{page}");
    assert_eq!(job["dossierId"], dossier_id.to_string());
    let pid = format!(":{}", worker.pid());
    assert!(
        job["worker"].as_str().is_some_and(|w| w.ends_with(&pid)),
        "{page}"
    );
    let error = job["error"].as_str().unwrap_or_default().to_owned();
    assert!(
        error.contains(&pdf_key),
        "the error names the missing PDF: {error}"
    );

    let detail = ok(&server
        .graphql_as(&token, FAILED_JOB, json!({ "id": job_id }))
        .await?)?["failedJob"]
        .clone();
    assert_eq!(detail["dossierExists"], true, "{detail}");
    let payload: Value = serde_json::from_str(detail["payload"].as_str().unwrap_or("null"))?;
    assert_eq!(
        payload,
        json!({ "document_id": document_id, "dossier_id": dossier_id })
    );
    let history = detail["history"].as_array().context("history")?;
    assert_eq!(
        history
            .iter()
            .map(|a| a["attempt"].clone())
            .collect::<Vec<_>>(),
        [json!(1), json!(2)],
        "{detail}"
    );
    for attempt in history {
        assert!(
            attempt["worker"]
                .as_str()
                .is_some_and(|w| w.ends_with(&pid))
        );
        assert_eq!(attempt["error"], error.as_str());
    }
    let unknown = server
        .graphql_as(&token, FAILED_JOB, json!({ "id": Uuid::now_v7() }))
        .await?;
    assert_eq!(ok(&unknown)?["failedJob"], Value::Null);

    // The queue counts it; Redis's dead set does not keep it (one place: PostgreSQL): the
    // workers' sweep forgets it there, as it forgets the done jobs.
    assert_eq!(queue(&server, &token, "extract").await?["failed"], 1);
    let redis = &server.state.redis;
    let keys = apalis_redis::Config::default().queue(format!("{}:extract", redis.namespace));
    let mut conn = redis.connection.clone();
    // The worker records the failure before apalis acknowledges the job into its dead set (a
    // batch of acknowledgements a moment later): wait for the dead set to hold it.
    eventually(
        Duration::from_secs(10),
        "the job in the dead set",
        async || {
            let dead: u64 = redis::cmd("SCARD")
                .arg(keys.dead_jobs_set())
                .query_async(&mut conn)
                .await?;
            Ok((dead == 1).then_some(()))
        },
    )
    .await?;
    shared::jobs::board::sweep_dead(redis, "extract", 1000).await?;
    let dead: u64 = redis::cmd("SCARD")
        .arg(keys.dead_jobs_set())
        .query_async(&mut conn)
        .await?;
    let data: u64 = redis::cmd("HLEN")
        .arg(keys.job_data_hash())
        .query_async(&mut conn)
        .await?;
    assert_eq!((dead, data), (0, 0), "swept from Redis");
    assert_eq!(queue(&server, &token, "extract").await?["failed"], 1);

    // The filters.
    let found = |filter: Value| {
        let (server, token) = (&server, &token);
        async move { Ok::<_, anyhow::Error>(failed_jobs(server, token, filter).await?["total"].clone()) }
    };
    let hour = chrono::Duration::hours(1);
    let tail = &pdf_key[pdf_key.len() - 12..];
    assert_eq!(found(json!({})).await?, 1);
    assert_eq!(
        found(json!({ "errorContains": tail.to_uppercase() })).await?,
        1
    );
    assert_eq!(
        found(json!({ "errorContains": "nessun errore così" })).await?,
        0
    );
    assert_eq!(found(json!({ "queues": ["callback", "import"] })).await?, 0);
    assert_eq!(
        found(json!({ "queues": ["callback", "extract"] })).await?,
        1
    );
    assert_eq!(
        found(json!({ "from": started - hour, "to": Utc::now() + hour })).await?,
        1
    );
    assert_eq!(found(json!({ "from": Utc::now() + hour })).await?, 0);
    assert_eq!(found(json!({ "to": started - hour })).await?, 0);
    let bad = server
        .graphql_as(
            &token,
            FAILED_JOBS,
            json!({ "filter": { "queues": ["boh"] } }),
        )
        .await?;
    assert_eq!(error_code(&bad), "BAD_USER_INPUT", "{bad}");

    // Discarded: gone, audited.
    let discarded = server
        .graphql_as(
            &token,
            "mutation ($id: ID!) { discardFailedJob(id: $id) }",
            json!({ "id": job_id }),
        )
        .await?;
    assert_eq!(ok(&discarded)?["discardFailedJob"], true);
    assert_eq!(found(json!({})).await?, 0);
    let again = server
        .graphql_as(
            &token,
            "mutation ($id: ID!) { discardFailedJob(id: $id) }",
            json!({ "id": job_id }),
        )
        .await?;
    assert_eq!(error_code(&again), "NOT_FOUND", "{again}");
    let entries = audited(&server, "job.discard").await?;
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].0.as_deref(), Some(job_id.to_string().as_str()));
    assert_eq!(entries[0].1["queue"], "extract");
    assert!(worker.terminate().await?.success());
    Ok(())
}

/// 100 callbacks fail for good; once their receiver answers, a bulk retry of the filtered set
/// runs each of them exactly once, with one audit entry.
#[tokio::test]
async fn a_bulk_retry_of_100_failed_jobs_runs_each_exactly_once() -> Result<()> {
    const JOBS: usize = 100;
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    // The first 100 calls are refused: every callback fails (one attempt each, one delivery).
    let receiver = Receiver::start(&[500; JOBS]).await?;
    let worker = worker(
        &server,
        &[
            ("ISTRUTTORIA_JOB_MAX_ATTEMPTS", "1"),
            ("ISTRUTTORIA_CALLBACK_MAX_ATTEMPTS", "1"),
        ],
    )
    .await?;
    let type_id = insert_dossier_type(&server, "Pratiche").await?;
    let mut dossier_ids = Vec::with_capacity(JOBS);
    for _ in 0..JOBS {
        dossier_ids.push(processed_dossier(&server, type_id, &receiver.url).await?);
    }
    let jobs: Vec<SendCallback> = dossier_ids
        .iter()
        .map(|&dossier_id| SendCallback {
            dossier_id,
            resend: false,
        })
        .collect();
    enqueue(&server, &jobs).await?;

    let callbacks = json!({ "queues": ["callback"] });
    eventually(
        Duration::from_secs(60),
        "the 100 callbacks fail for good",
        || {
            let (server, token, callbacks) = (&server, &token, callbacks.clone());
            async move {
                Ok((failed_jobs(server, token, callbacks).await?["total"] == JOBS).then_some(()))
            }
        },
    )
    .await?;
    assert_eq!(receiver.bodies().len(), JOBS);
    let waiting = queue(&server, &token, "callback").await?;
    assert_eq!(waiting["failed"], JOBS, "{waiting}");

    let outcome = ok(&server
        .graphql_as(
            &token,
            "mutation ($filter: FailedJobFilter!) { retryFailedJobs(filter: $filter) { done more } }",
            json!({ "filter": callbacks }),
        )
        .await?)?;
    assert_eq!(
        outcome["retryFailedJobs"],
        json!({ "done": JOBS, "more": false })
    );
    assert_eq!(
        failed_jobs(&server, &token, callbacks.clone()).await?["total"],
        0
    );

    // Every dossier is called back once more, successfully.
    let succeeded = || async {
        let mut conn = server.db.pool.get().await?;
        let n: i64 = dossier_callbacks::table
            .filter(dossier_callbacks::success.eq(true))
            .count()
            .get_result(&mut conn)
            .await?;
        Ok::<_, anyhow::Error>(n)
    };
    eventually(
        Duration::from_secs(60),
        "the retried callbacks run",
        || async { Ok((succeeded().await? == JOBS as i64).then_some(())) },
    )
    .await?;
    // …and nothing runs twice: a second delivery would call again (or fail again).
    until_idle(&server).await?;
    assert_eq!(receiver.bodies().len(), 2 * JOBS);
    let mut conn = server.db.pool.get().await?;
    let per_dossier: Vec<(Uuid, bool)> = dossier_callbacks::table
        .select((dossier_callbacks::dossier_id, dossier_callbacks::success))
        .load(&mut conn)
        .await?;
    let mut calls: BTreeMap<Uuid, (usize, usize)> = BTreeMap::new();
    for (dossier_id, success) in per_dossier {
        let entry = calls.entry(dossier_id).or_default();
        if success {
            entry.1 += 1;
        } else {
            entry.0 += 1;
        }
    }
    assert_eq!(calls.len(), JOBS);
    assert!(
        calls.values().all(|&counts| counts == (1, 1)),
        "each dossier: one failed call, one retried successfully: {calls:?}"
    );
    assert_eq!(failed_jobs(&server, &token, json!({})).await?["total"], 0);
    let entries = audited(&server, "job.retry_bulk").await?;
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].1["count"], JOBS);
    assert_eq!(entries[0].1["filter"]["queues"], json!(["callback"]));
    // The retried jobs finished: their outbox entries are gone.
    let left: i64 = job_outbox::table.count().get_result(&mut conn).await?;
    assert_eq!(left, 0);
    assert!(worker.terminate().await?.success());
    Ok(())
}

/// A bulk action takes at most 10,000 jobs per call and says that more remain; a single retry
/// writes the job to the outbox again under a new id; every action is audited; a user without
/// the action's resource is refused.
#[tokio::test]
async fn bulk_actions_are_bounded_audited_and_need_their_resources() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let now = Utc::now();
    let old = now - chrono::Duration::days(3);
    let disk = failed_job(&server, "ping", "disco pieno sul nodo 3", old).await?;
    let timeout = failed_job(&server, "ping", "timeout della richiesta", now).await?;
    failed_job(&server, "extract", "DISCO PIENO durante l'estrazione", now).await?;
    // 10,050 more, written at once.
    {
        let mut conn = server.db.pool.get().await?;
        diesel::sql_query(
            "INSERT INTO failed_jobs (job_id, queue, payload, error, error_code, attempts, failed_at, worker)
             SELECT gen_random_uuid(), 'notify', '{}'::jsonb, 'destinatario sconosciuto', 'job_failed', 1,
                    now() - make_interval(secs => n), 'host:2'
             FROM generate_series(1, 10050) AS n",
        )
        .execute(&mut conn)
        .await?;
    }

    // Only reading: every action refused.
    let reader = user_with(&server, "lettore", &["jobs"]).await?;
    let page = failed_jobs(&server, &reader, json!({ "errorContains": "disco" })).await?;
    assert_eq!(page["total"], 2, "{page}");
    for mutation in [
        r#"mutation { retryFailedJob(id: "x") }"#,
        r#"mutation { discardFailedJob(id: "x") }"#,
        "mutation { retryFailedJobs(filter: {}) { done } }",
        "mutation { discardFailedJobs(filter: {}) { done } }",
        r#"mutation { pauseQueue(queue: "ping") }"#,
        r#"mutation { resumeQueue(queue: "ping") }"#,
    ] {
        let body = server.graphql_as(&reader, mutation, json!({})).await?;
        assert_eq!(error_code(&body), "FORBIDDEN", "{mutation}: {body}");
    }
    let nobody = user_with(&server, "nessuno", &[]).await?;
    for query in [
        "{ failedJobs { total } }",
        r#"{ failedJob(id: "x") { payload } }"#,
        "{ jobQueues { name } }",
        "{ jobThroughput { queue } }",
        "{ jobWorkers { identity } }",
    ] {
        let body = server.graphql_as(&nobody, query, json!({})).await?;
        assert_eq!(error_code(&body), "FORBIDDEN", "{query}: {body}");
    }

    // Discarding the filtered set: the error text (any case) and the time, not the rest.
    let discarder = user_with(&server, "scarti", &["jobs", "discardFailedJob"]).await?;
    let recent_disk = json!({ "errorContains": "disco", "from": now - chrono::Duration::hours(1) });
    let outcome = ok(&server
        .graphql_as(
            &discarder,
            "mutation ($f: FailedJobFilter!) { discardFailedJobs(filter: $f) { done more } }",
            json!({ "f": recent_disk }),
        )
        .await?)?;
    assert_eq!(
        outcome["discardFailedJobs"],
        json!({ "done": 1, "more": false })
    );
    assert_eq!(
        failed_jobs(&server, &token, json!({ "errorContains": "disco" })).await?["total"],
        1
    );
    let retry_refused = server
        .graphql_as(
            &discarder,
            r#"mutation { retryFailedJob(id: "x") }"#,
            json!({}),
        )
        .await?;
    assert_eq!(error_code(&retry_refused), "FORBIDDEN");

    // 10,050 matching: 10,000 now, "more"; the rest next time.
    let notify = json!({ "queues": ["notify"] });
    let bulk = "mutation ($f: FailedJobFilter!) { discardFailedJobs(filter: $f) { done more } }";
    let first = ok(&server
        .graphql_as(&discarder, bulk, json!({ "f": notify }))
        .await?)?;
    assert_eq!(
        first["discardFailedJobs"],
        json!({ "done": 10_000, "more": true })
    );
    let listed = failed_jobs(&server, &token, notify.clone()).await?;
    assert_eq!(listed["total"], 50);
    let second = ok(&server
        .graphql_as(&discarder, bulk, json!({ "f": notify }))
        .await?)?;
    assert_eq!(
        second["discardFailedJobs"],
        json!({ "done": 50, "more": false })
    );
    let entries = audited(&server, "job.discard_bulk").await?;
    assert_eq!(
        entries
            .iter()
            .map(|e| e.1["count"].clone())
            .collect::<Vec<_>>(),
        [json!(1), json!(10_000), json!(50)]
    );
    assert_eq!(entries[1].1["more"], true);
    assert_eq!(entries[0].1["filter"]["errorContains"], "disco");

    // A single retry: the job leaves the failed ones and is in the outbox again, a new job
    // with the same payload.
    let retrier = user_with(&server, "riprova", &["jobs", "retryFailedJob"]).await?;
    let mut conn = server.db.pool.get().await?;
    let payload: Value = failed_jobs::table
        .find(timeout)
        .select(failed_jobs::payload)
        .first(&mut conn)
        .await?;
    let retried = server
        .graphql_as(
            &retrier,
            "mutation ($id: ID!) { retryFailedJob(id: $id) }",
            json!({ "id": timeout }),
        )
        .await?;
    assert_eq!(ok(&retried)?["retryFailedJob"], true);
    let written: Vec<(Uuid, String, Value)> = job_outbox::table
        .select((job_outbox::id, job_outbox::queue, job_outbox::payload))
        .load(&mut conn)
        .await?;
    assert_eq!(written.len(), 1);
    assert_ne!(written[0].0, timeout, "a new job");
    assert_eq!((written[0].1.as_str(), &written[0].2), ("ping", &payload));
    let entries = audited(&server, "job.retry").await?;
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].0.as_deref(), Some(timeout.to_string().as_str()));
    let left: Vec<Uuid> = failed_jobs::table
        .select(failed_jobs::job_id)
        .load(&mut conn)
        .await?;
    assert_eq!(left, [disk], "only the old disk failure is left");
    Ok(())
}

/// A queue paused through the API is not consumed — its job waits, and the dashboard says it
/// is paused — until it is resumed; both are audited once. The dashboard also lists the worker
/// and counts what it ran.
#[tokio::test]
async fn a_queue_paused_from_the_dashboard_is_not_consumed_until_resumed() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let worker = server.spawn_worker().await?;
    let pid = format!(":{}", worker.pid());
    let workers = eventually(
        Duration::from_secs(10),
        "the worker says it is alive",
        || {
            let (server, token) = (&server, &token);
            async move {
                let body = ok(&server
                    .graphql_as(
                        token,
                        "{ jobWorkers { identity heartbeatAt queues { queue concurrency } } }",
                        json!({}),
                    )
                    .await?)?;
                let workers = body["jobWorkers"].as_array().cloned().unwrap_or_default();
                Ok((!workers.is_empty()).then_some(workers))
            }
        },
    )
    .await?;
    assert!(
        workers[0]["identity"]
            .as_str()
            .is_some_and(|i| i.ends_with(&pid))
    );
    assert!(
        workers[0]["queues"]
            .as_array()
            .is_some_and(|queues| queues.iter().any(|q| q["queue"] == "ping")),
        "{workers:?}"
    );

    let pause = r#"mutation { pauseQueue(queue: "ping") }"#;
    assert_eq!(
        ok(&server.graphql_as(&token, pause, json!({})).await?)?["pauseQueue"],
        true
    );
    assert_eq!(
        ok(&server.graphql_as(&token, pause, json!({})).await?)?["pauseQueue"],
        false
    );
    assert_eq!(queue(&server, &token, "ping").await?["paused"], true);
    // The control message reaches the worker within milliseconds.
    worker.until_logged("queue paused").await?;

    let ping = PingJob {
        id: Uuid::now_v7(),
        requested_at: Utc::now(),
    };
    enqueue(&server, std::slice::from_ref(&ping)).await?;
    let redis = &server.state.redis;
    let unanswered =
        shared::jobs::replies::wait::<PingReply>(redis, ping.id, Duration::from_millis(1500)).await;
    assert!(
        unanswered.is_err(),
        "a paused queue runs nothing: {unanswered:?}"
    );
    // The job waits in Redis (in the queue, or taken by the paused worker's fetch before it
    // stopped: either way not run).
    let ping_queue = queue(&server, &token, "ping").await?;
    let held =
        ping_queue["waiting"].as_i64().unwrap_or(0) + ping_queue["running"].as_i64().unwrap_or(0);
    assert_eq!(held, 1, "the job waits: {ping_queue}");

    let resume = r#"mutation { resumeQueue(queue: "ping") }"#;
    assert_eq!(
        ok(&server.graphql_as(&token, resume, json!({})).await?)?["resumeQueue"],
        true
    );
    let reply =
        shared::jobs::replies::wait::<PingReply>(redis, ping.id, Duration::from_secs(10)).await?;
    assert!(reply.worker.ends_with(&pid));
    assert_eq!(queue(&server, &token, "ping").await?["paused"], false);
    assert_eq!(audited(&server, "queue.pause").await?.len(), 1);
    assert_eq!(audited(&server, "queue.resume").await?.len(), 1);
    assert_eq!(
        audited(&server, "queue.pause").await?[0].0.as_deref(),
        Some("ping")
    );
    let unknown = server
        .graphql_as(
            &token,
            r#"mutation { pauseQueue(queue: "boh") }"#,
            json!({}),
        )
        .await?;
    assert_eq!(error_code(&unknown), "BAD_USER_INPUT");

    // The worker's counters reach the dashboard within their flush period.
    eventually(Duration::from_secs(15), "the ping is counted", || {
        let (server, token) = (&server, &token);
        async move {
            let ping = queue(server, token, "ping").await?;
            Ok((ping["doneLastHour"].as_i64() >= Some(1)).then_some(()))
        }
    })
    .await?;
    let chart = ok(&server
        .graphql_as(
            &token,
            "{ jobThroughput { queue minutes { at succeeded failed retried } } }",
            json!({}),
        )
        .await?)?;
    let ping_hour = chart["jobThroughput"]
        .as_array()
        .and_then(|queues| queues.iter().find(|q| q["queue"] == "ping"))
        .context("ping's hour")?;
    let minutes = ping_hour["minutes"].as_array().context("minutes")?;
    assert_eq!(minutes.len(), 60);
    assert!(
        minutes
            .iter()
            .map(|m| m["succeeded"].as_i64().unwrap_or(0))
            .sum::<i64>()
            >= 1
    );
    assert!(worker.terminate().await?.success());
    Ok(())
}

/// With no worker running (issue 30): every signed-in user can see it (`systemHealth`, the web
/// app's banner), and what needs a worker's answer at once — a rule's syntax check — is refused
/// at once with `NO_WORKER` instead of after the whole wait for a reply. Once a worker runs,
/// the health says so and the check answers.
#[tokio::test]
async fn no_worker_is_said_at_once_and_a_running_one_is_seen() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let nobody = user_with(&server, "senza-ruoli", &[]).await?;
    let health = "{ systemHealth { workers backlog { queue waitingSince } } }";
    let answer = server.graphql_as(&nobody, health, json!({})).await?;
    assert_eq!(
        answer["data"]["systemHealth"],
        json!({ "workers": 0, "backlog": null }),
        "{answer}"
    );

    let check = r#"query { checkRuleCode(kind: DOCUMENT, code: "export default () => ({ success: true })") { ok } }"#;
    let refused = server.graphql_as(&admin, check, json!({})).await?;
    assert_eq!(
        refused["errors"][0]["extensions"]["code"], "NO_WORKER",
        "{refused}"
    );

    let _worker = worker(&server, &[]).await?;
    eventually(Duration::from_secs(60), "a worker seen alive", || async {
        let answer = server.graphql_as(&nobody, health, json!({})).await?;
        Ok((answer["data"]["systemHealth"]["workers"].as_i64() >= Some(1)).then_some(()))
    })
    .await?;
    let checked = server.graphql_as(&admin, check, json!({})).await?;
    assert_eq!(checked["data"]["checkRuleCode"]["ok"], true, "{checked}");
    Ok(())
}

/// A queue whose next job has waited past `BACKLOG_ALERT` is named by `systemHealth` (the web
/// app's "queue behind" banner), with when its job was written; a paused queue is not behind,
/// it was stopped on purpose.
#[tokio::test]
async fn a_queue_whose_next_job_waits_too_long_is_said() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let nobody = user_with(&server, "senza-ruoli", &[]).await?;
    let admin = server.admin_token().await?;
    let health = "{ systemHealth { backlog { queue waitingSince } } }";
    let backlog = async || -> Result<Value> {
        let answer = server.graphql_as(&nobody, health, json!({})).await?;
        Ok(answer["data"]["systemHealth"]["backlog"].clone())
    };
    assert_eq!(backlog().await?, Value::Null);

    // A job written 10 minutes ago, still waiting in the extraction queue (no worker runs).
    let written = Utc::now() - chrono::Duration::minutes(10);
    let id = ulid::Ulid::from_parts(written.timestamp_millis() as u64, 7);
    let redis = &server.state.redis;
    let keys = apalis_redis::Config::default().queue(format!("{}:extract", redis.namespace));
    let _: () = redis::cmd("LPUSH")
        .arg(keys.active_jobs_list())
        .arg(id.to_string())
        .query_async(&mut redis.connection.clone())
        .await?;
    let said = backlog().await?;
    assert_eq!(said["queue"], "extract", "{said}");
    let since: chrono::DateTime<Utc> = said["waitingSince"]
        .as_str()
        .context("waitingSince")?
        .parse()?;
    assert_eq!(since.timestamp_millis(), written.timestamp_millis());

    // Paused on purpose: not behind.
    let paused = server
        .graphql_as(
            &admin,
            r#"mutation { pauseQueue(queue: "extract") }"#,
            json!({}),
        )
        .await?;
    assert_eq!(paused["data"]["pauseQueue"], true, "{paused}");
    assert_eq!(backlog().await?, Value::Null);
    Ok(())
}
