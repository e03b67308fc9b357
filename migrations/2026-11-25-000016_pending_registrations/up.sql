-- Registrations waiting for their e-mail to be confirmed with a 6-digit code. `register`
-- answers the same whether or not the e-mail has an account; only the owner of the mailbox
-- learns which (a code, or a note that the account exists) and only a confirmed code creates
-- the user. One row per e-mail (a new request replaces it); expired rows are swept by the
-- next request.
CREATE TABLE pending_registrations (
    id uuid PRIMARY KEY,
    email text NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    password_hash text NOT NULL,
    -- Keyed MAC of the code (shared::auth::codes), never the code.
    code_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    attempts integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX pending_registrations_email ON pending_registrations (lower(email));
CREATE INDEX pending_registrations_expires_at ON pending_registrations (expires_at);
