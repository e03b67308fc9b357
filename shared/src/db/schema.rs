// @generated automatically by Diesel CLI.

diesel::table! {
    api_keys (id) {
        id -> Uuid,
        name -> Text,
        secret_hash -> Bytea,
        previous_secret_hash -> Nullable<Bytea>,
        previous_valid_until -> Nullable<Timestamptz>,
        roles -> Array<Text>,
        allowed_sources -> Array<Text>,
        expires_at -> Nullable<Timestamptz>,
        created_by -> Text,
        created_at -> Timestamptz,
        rotated_at -> Nullable<Timestamptz>,
        last_used_at -> Nullable<Timestamptz>,
        revoked_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    audit_log (id) {
        id -> Uuid,
        actor_id -> Nullable<Uuid>,
        actor_email -> Nullable<Text>,
        impersonator_id -> Nullable<Uuid>,
        action -> Text,
        target_type -> Nullable<Text>,
        target_id -> Nullable<Text>,
        details -> Jsonb,
        created_at -> Timestamptz,
        impersonator_email -> Nullable<Text>,
    }
}

diesel::table! {
    casbin_rule (id) {
        id -> Int4,
        ptype -> Varchar,
        v0 -> Varchar,
        v1 -> Varchar,
        v2 -> Varchar,
        v3 -> Varchar,
        v4 -> Varchar,
        v5 -> Varchar,
    }
}

diesel::table! {
    data_tables (id) {
        id -> Int8,
        name -> Text,
        ordinamento -> Int4,
        content -> Jsonb,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    document_logs (id) {
        id -> Uuid,
        document_id -> Uuid,
        event -> Text,
        created_at -> Timestamptz,
        message -> Nullable<Jsonb>,
    }
}

diesel::table! {
    document_rule_data_tables (document_rule_id, data_table_id) {
        document_rule_id -> Uuid,
        data_table_id -> Int8,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    document_rules (id) {
        id -> Uuid,
        document_type_id -> Int8,
        description -> Text,
        code -> Text,
        package_json -> Text,
        nota -> Text,
        active -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    document_types (id) {
        id -> Int8,
        name -> Text,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    documents (id) {
        id -> Uuid,
        dossier_id -> Uuid,
        name -> Text,
        description -> Nullable<Text>,
        document_type_id -> Nullable<Int8>,
        state -> Text,
        metas -> Jsonb,
        pdf_key -> Text,
        raw_text_key -> Nullable<Text>,
        text_with_geometry_key -> Nullable<Text>,
        tables_key -> Nullable<Text>,
        form_data -> Nullable<Jsonb>,
        error -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        error_message -> Nullable<Jsonb>,
    }
}

diesel::table! {
    dossier_callbacks (id) {
        id -> Uuid,
        dossier_id -> Uuid,
        attempt -> Int4,
        url -> Text,
        method -> Text,
        request_body -> Text,
        response_code -> Nullable<Int4>,
        response_body -> Nullable<Text>,
        error_description -> Nullable<Text>,
        success -> Bool,
        created_at -> Timestamptz,
        request_headers -> Nullable<Jsonb>,
    }
}

diesel::table! {
    dossier_rule_data_tables (dossier_rule_id, data_table_id) {
        dossier_rule_id -> Uuid,
        data_table_id -> Int8,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    dossier_rule_execution_logs (id) {
        id -> Uuid,
        dossier_id -> Uuid,
        execution_id -> Nullable<Uuid>,
        rule_id -> Nullable<Uuid>,
        rule_name -> Text,
        executed_at -> Timestamptz,
        platform -> Text,
        result -> Nullable<Jsonb>,
        code -> Text,
        metas -> Jsonb,
        input -> Jsonb,
        logs -> Array<Text>,
        errors -> Array<Text>,
    }
}

diesel::table! {
    dossier_rule_executions (id) {
        id -> Uuid,
        dossier_id -> Uuid,
        rule_id -> Nullable<Uuid>,
        rule_name -> Text,
        state -> Text,
        input_index -> Int4,
        input -> Jsonb,
        result -> Nullable<Jsonb>,
        error -> Nullable<Text>,
        platform -> Text,
        created_at -> Timestamptz,
        finished_at -> Nullable<Timestamptz>,
        updated_at -> Timestamptz,
        run_id -> Nullable<Uuid>,
        error_message -> Nullable<Jsonb>,
    }
}

diesel::table! {
    dossier_rules (id) {
        id -> Uuid,
        description -> Text,
        istituto_appartenenza -> Text,
        code -> Text,
        package_json -> Text,
        must_contain -> Array<Text>,
        not_contain -> Array<Text>,
        nota -> Text,
        gruppo -> Array<Text>,
        dossier_type_id -> Nullable<Int8>,
        active -> Bool,
        valid -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    dossier_type_required_metas (dossier_type_id, meta_name) {
        dossier_type_id -> Int8,
        meta_name -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    dossier_types (id) {
        id -> Int8,
        name -> Text,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    dossiers (id) {
        id -> Uuid,
        description -> Nullable<Text>,
        state -> Text,
        dossier_type_id -> Int8,
        id_valutazione -> Text,
        input -> Jsonb,
        callback_url -> Nullable<Text>,
        error -> Nullable<Text>,
        archive_key -> Nullable<Text>,
        aggregate_result -> Nullable<Jsonb>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        files -> Jsonb,
        rules_run_id -> Nullable<Uuid>,
        aggregated_run_id -> Nullable<Uuid>,
        imported_by -> Nullable<Text>,
        error_message -> Nullable<Jsonb>,
    }
}

diesel::table! {
    failed_jobs (job_id) {
        job_id -> Uuid,
        queue -> Text,
        payload -> Jsonb,
        dossier_id -> Nullable<Uuid>,
        error -> Text,
        error_code -> Text,
        error_params -> Jsonb,
        attempts -> Int4,
        failed_at -> Timestamptz,
        worker -> Text,
    }
}

diesel::table! {
    helper_code (id) {
        id -> Uuid,
        document_rule_id -> Nullable<Uuid>,
        dossier_rule_id -> Nullable<Uuid>,
        description -> Text,
        code -> Text,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    import_idempotency_keys (caller, key) {
        caller -> Text,
        key -> Text,
        request_hash -> Bytea,
        dossier_id -> Uuid,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    job_failures (job_id, attempt) {
        job_id -> Uuid,
        attempt -> Int4,
        queue -> Text,
        worker -> Text,
        error -> Text,
        error_code -> Text,
        error_params -> Jsonb,
        failed_at -> Timestamptz,
    }
}

diesel::table! {
    job_outbox (id) {
        id -> Uuid,
        queue -> Text,
        payload -> Jsonb,
        dossier_id -> Nullable<Uuid>,
        created_at -> Timestamptz,
        sent_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    notification_receivers (id) {
        id -> Int8,
        email -> Text,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    password_reset_codes (id) {
        id -> Uuid,
        user_id -> Uuid,
        code_hash -> Text,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        attempts -> Int4,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    pending_registrations (id) {
        id -> Uuid,
        email -> Text,
        first_name -> Text,
        last_name -> Text,
        password_hash -> Text,
        code_hash -> Text,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        attempts -> Int4,
    }
}

diesel::table! {
    refresh_tokens (id) {
        id -> Uuid,
        user_id -> Uuid,
        family_id -> Uuid,
        token_hash -> Bytea,
        impersonator_id -> Nullable<Uuid>,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        rotated_at -> Nullable<Timestamptz>,
        replaced_by_id -> Nullable<Uuid>,
        revoked_at -> Nullable<Timestamptz>,
        revoked_reason -> Nullable<Text>,
    }
}

diesel::table! {
    roles (id) {
        id -> Int8,
        name -> Text,
        description -> Text,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    rule_execution_logs (id) {
        id -> Uuid,
        rule_id -> Nullable<Uuid>,
        rule_name -> Text,
        document_id -> Uuid,
        executed_at -> Timestamptz,
        platform -> Text,
        result -> Nullable<Jsonb>,
        code -> Text,
        input_key -> Nullable<Text>,
        logs -> Array<Text>,
        errors -> Array<Text>,
    }
}

diesel::table! {
    revoked_sessions (session_id) {
        session_id -> Uuid,
        revoked_at -> Timestamptz,
    }
}

diesel::table! {
    rule_validations (id) {
        id -> Uuid,
        state -> Text,
        istituto -> Text,
        file_name -> Text,
        validation_document_id -> Nullable<Uuid>,
        rules_invalidated -> Int4,
        error -> Nullable<Text>,
        created_at -> Timestamptz,
        finished_at -> Nullable<Timestamptz>,
        updated_at -> Timestamptz,
        started_at -> Nullable<Timestamptz>,
        created_by -> Nullable<Text>,
        error_message -> Nullable<Jsonb>,
    }
}

diesel::table! {
    rule_versions (rule_id, version) {
        rule_id -> Uuid,
        version -> Int4,
        kind -> Text,
        author -> Nullable<Text>,
        created_at -> Timestamptz,
        description -> Text,
        code -> Text,
        helper -> Text,
        package_json -> Text,
        metadata -> Jsonb,
    }
}

diesel::table! {
    users (id) {
        id -> Uuid,
        email -> Text,
        first_name -> Text,
        last_name -> Text,
        avatar -> Nullable<Text>,
        password_hash -> Text,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    validation_documents (id) {
        id -> Uuid,
        description -> Text,
        istituto_appartenenza -> Text,
        file_name -> Text,
        file_key -> Text,
        ocr_key -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        created_by -> Nullable<Text>,
        ocr_error -> Nullable<Text>,
        ocr_error_message -> Nullable<Jsonb>,
    }
}

diesel::table! {
    validation_logs (id) {
        id -> Uuid,
        validation_id -> Uuid,
        rule_id -> Nullable<Uuid>,
        description -> Text,
        created_at -> Timestamptz,
        missing -> Array<Text>,
        present -> Array<Text>,
    }
}

diesel::table! {
    webhook_secrets (consumer) {
        consumer -> Text,
        secret -> Text,
        previous_secret -> Nullable<Text>,
        previous_valid_until -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        rotated_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    what_if_changes (run_id, item_id, input_index) {
        run_id -> Uuid,
        item_id -> Uuid,
        item_name -> Text,
        dossier_id -> Uuid,
        changes -> Array<Text>,
        before -> Nullable<Jsonb>,
        after -> Jsonb,
        input_index -> Int4,
    }
}

diesel::table! {
    what_if_runs (id) {
        id -> Uuid,
        rule_id -> Uuid,
        state -> Text,
        requested_by -> Nullable<Text>,
        code -> Text,
        helper -> Nullable<Text>,
        data_tables -> Array<Text>,
        max_items -> Int4,
        since -> Nullable<Timestamptz>,
        until -> Nullable<Timestamptz>,
        total -> Int4,
        done -> Int4,
        changed -> Int4,
        error -> Nullable<Text>,
        created_at -> Timestamptz,
        finished_at -> Nullable<Timestamptz>,
        error_message -> Nullable<Jsonb>,
    }
}

diesel::joinable!(document_logs -> documents (document_id));
diesel::joinable!(document_rule_data_tables -> data_tables (data_table_id));
diesel::joinable!(document_rule_data_tables -> document_rules (document_rule_id));
diesel::joinable!(document_rules -> document_types (document_type_id));
diesel::joinable!(documents -> document_types (document_type_id));
diesel::joinable!(documents -> dossiers (dossier_id));
diesel::joinable!(dossier_callbacks -> dossiers (dossier_id));
diesel::joinable!(dossier_rule_data_tables -> data_tables (data_table_id));
diesel::joinable!(dossier_rule_data_tables -> dossier_rules (dossier_rule_id));
diesel::joinable!(dossier_rule_execution_logs -> dossier_rule_executions (execution_id));
diesel::joinable!(dossier_rule_execution_logs -> dossier_rules (rule_id));
diesel::joinable!(dossier_rule_execution_logs -> dossiers (dossier_id));
diesel::joinable!(dossier_rule_executions -> dossier_rules (rule_id));
diesel::joinable!(dossier_rule_executions -> dossiers (dossier_id));
diesel::joinable!(dossier_rules -> dossier_types (dossier_type_id));
diesel::joinable!(dossier_type_required_metas -> dossier_types (dossier_type_id));
diesel::joinable!(dossiers -> dossier_types (dossier_type_id));
diesel::joinable!(helper_code -> document_rules (document_rule_id));
diesel::joinable!(helper_code -> dossier_rules (dossier_rule_id));
diesel::joinable!(password_reset_codes -> users (user_id));
diesel::joinable!(rule_execution_logs -> document_rules (rule_id));
diesel::joinable!(rule_execution_logs -> documents (document_id));
diesel::joinable!(rule_validations -> validation_documents (validation_document_id));
diesel::joinable!(validation_logs -> dossier_rules (rule_id));
diesel::joinable!(validation_logs -> rule_validations (validation_id));
diesel::joinable!(what_if_changes -> what_if_runs (run_id));

diesel::allow_tables_to_appear_in_same_query!(
    api_keys,
    audit_log,
    casbin_rule,
    data_tables,
    document_logs,
    document_rule_data_tables,
    document_rules,
    document_types,
    documents,
    dossier_callbacks,
    dossier_rule_data_tables,
    dossier_rule_execution_logs,
    dossier_rule_executions,
    dossier_rules,
    dossier_type_required_metas,
    dossier_types,
    dossiers,
    failed_jobs,
    helper_code,
    import_idempotency_keys,
    job_failures,
    job_outbox,
    notification_receivers,
    password_reset_codes,
    pending_registrations,
    refresh_tokens,
    revoked_sessions,
    roles,
    rule_execution_logs,
    rule_validations,
    rule_versions,
    users,
    validation_documents,
    validation_logs,
    webhook_secrets,
    what_if_changes,
    what_if_runs,
);
