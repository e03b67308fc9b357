DROP TABLE import_idempotency_keys;
