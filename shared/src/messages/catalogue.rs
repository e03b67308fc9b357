//! The entries of the catalogue, by area. Italian first (the old product's wording where it had
//! one: docs/domain.md#messages), then English; `{name}` is a placeholder, `; name` a nested
//! message.

super::entries! {
    // General
    INTERNAL_ERROR = fn internal_error() "Errore interno: riprova più tardi" "Internal error: please try again later";
    REQUIRED = fn required() "Campo obbligatorio" "Required field";
    FIELD_NEEDED = fn field_needed() "Campo necessario" "This field is needed";
    TOO_LONG = fn too_long(max) "Lunghezza massima: {max} caratteri" "At most {max} characters";
    AT_MOST_CHARACTERS = fn at_most_characters(max) "Al massimo {max} caratteri" "At most {max} characters allowed";
    MAX_CHARACTERS = fn max_characters(max) "Massimo {max} caratteri" "Maximum {max} characters";
    CONTROL_CHARACTERS = fn control_characters() "Il testo contiene caratteri di controllo" "The text contains control characters";
    NUL_NOT_ALLOWED = fn nul_not_allowed() "Il testo non può contenere il carattere NUL (\\u0000)" "The text cannot contain the NUL character (\\u0000)";
    JSON_MISSING_FIELD = fn json_missing_field(field, line, column) "manca il campo «{field}» (riga {line}, colonna {column})" "the field “{field}” is missing (line {line}, column {column})";
    JSON_UNKNOWN_FIELD = fn json_unknown_field(field, line, column) "il campo «{field}» non è previsto (riga {line}, colonna {column})" "the field “{field}” is not expected (line {line}, column {column})";
    JSON_WRONG_TYPE = fn json_wrong_type(detail, line, column) "un valore ha il tipo sbagliato: {detail} (riga {line}, colonna {column})" "a value has the wrong type: {detail} (line {line}, column {column})";
    JSON_ENDS_EARLY = fn json_ends_early(line, column) "il testo finisce prima del previsto (riga {line}, colonna {column})" "the text ends too early (line {line}, column {column})";
    JSON_SYNTAX = fn json_syntax(detail, line, column) "sintassi JSON non valida: {detail} (riga {line}, colonna {column})" "invalid JSON syntax: {detail} (line {line}, column {column})";
    INVALID_JSON = fn invalid_json() "Json non valido" "Invalid JSON";
    NOT_BASE64 = fn not_base64() "Il file non è in base64" "The file is not base64";
    INVALID_ID = fn invalid_id(value) "Id non valido: {value}" "Invalid id: {value}";
    PERIOD_TOO_LONG = fn period_too_long(days) "Periodo troppo lungo: al massimo {days} giorni" "Period too long: at most {days} days";
    PERIOD_REVERSED = fn period_reversed() "La fine del periodo precede l'inizio" "The end of the period comes before its start";
    SINCE_AFTER_UNTIL = fn since_after_until() "La data di inizio segue quella di fine" "The start date is after the end date";

    // Sessions and access
    AUTHENTICATION_REQUIRED = fn authentication_required() "Autenticazione richiesta" "Authentication required";
    SESSION_EXPIRED = fn session_expired() "Sessione scaduta: accedi di nuovo" "Session expired: please sign in again";
    SESSION_ENDED = fn session_ended() "Sessione terminata: effettua di nuovo l'accesso" "Session ended: please sign in again";
    SESSION_INVALID = fn session_invalid() "Sessione non valida: accedi di nuovo" "Invalid session: please sign in again";
    REFRESH_INVALID = fn refresh_invalid() "Sessione scaduta o non valida: effettua di nuovo l'accesso" "Session expired or not valid: please sign in again";
    API_KEY_INVALID = fn api_key_invalid() "Chiave API non valida o revocata" "Invalid or revoked API key";
    API_KEY_NOT_A_USER = fn api_key_not_a_user() "Operazione riservata agli utenti: una chiave API non ha un profilo né una sessione" "Only users can do this: an API key has no profile or session";
    API_KEY_RATE_LIMITED = fn api_key_rate_limited(max) "Troppe richieste con questa chiave API: al massimo {max} al minuto" "Too many requests with this API key: at most {max} a minute";
    API_KEY_EXPIRED = fn api_key_expired() "Chiave API scaduta: chiedi all'amministratore di rinnovarla" "API key expired: ask an administrator to renew it";
    API_KEY_ADDRESS = fn api_key_address() "Questa chiave API non può essere usata da questo indirizzo" "This API key cannot be used from this address";
    INVALID_CREDENTIALS = fn invalid_credentials() "Credenziali non valide" "Invalid credentials";
    TOO_MANY_ATTEMPTS = fn too_many_attempts() "Troppi tentativi: riprova fra qualche minuto" "Too many attempts: try again in a few minutes";
    ACCOUNT_LOCKED = fn account_locked(; wait) "Account bloccato per troppi tentativi di accesso falliti: riprova fra {wait}" "Account locked after too many failed sign-ins: try again in {wait}";
    MINUTES = fn minutes(count) "{count} minuti" "{count} minutes";
    ONE_MINUTE = fn one_minute() "1 minuto" "1 minute";
    PERMISSION_DENIED = fn permission_denied(resource) "Permesso negato: {resource}" "Permission denied: {resource}";
    PERMISSION_DENIED_FIELD = fn permission_denied_field(resource, field) "Permesso negato: {resource} ({field})" "Permission denied: {resource} ({field})";
    PERMISSION_NEEDED = fn permission_needed(resource) "Permesso negato: serve il permesso {resource}" "Permission denied: the {resource} permission is needed";
    UNDECLARED_OPERATION = fn undeclared_operation(operation) "L'operazione {operation} non dichiara i permessi richiesti" "The operation {operation} does not declare the permissions it needs";
    USER_GONE = fn user_gone() "L'utente non esiste più" "The user no longer exists";
    IMPERSONATE_SELF = fn impersonate_self() "Non puoi impersonificare te stesso" "You cannot impersonate yourself";
    ALREADY_IMPERSONATING = fn already_impersonating() "Stai già impersonificando un utente: termina prima l'impersonificazione" "You are already impersonating a user: end that impersonation first";
    NOT_IMPERSONATING = fn not_impersonating() "Questa sessione non è un'impersonificazione" "This session is not an impersonation";
    IMPERSONATE_WIDER = fn impersonate_wider(resources) "Non puoi impersonificare un utente che ha permessi che tu non hai: {resources}" "You cannot impersonate a user who has permissions you lack: {resources}";
    NOT_WHILE_IMPERSONATING = fn not_while_impersonating() "Non è possibile modificare ruoli e permessi durante un'impersonificazione" "Roles and permissions cannot be changed during an impersonation";
    CODE_REQUIRED = fn code_required() "Codice obbligatorio" "Code required";
    EMAIL_REQUIRED = fn email_required() "Email obbligatoria" "E-mail required";
    INVALID_CODE = fn invalid_code() "Codice non valido o scaduto" "Invalid or expired code";

    // Users, roles, policies
    PASSWORD_TOO_SHORT = fn password_too_short() "Lunghezza minima: 7 caratteri" "At least 7 characters";
    PASSWORDS_DIFFER = fn passwords_differ() "Le password devono coincidere" "The passwords must match";
    INVALID_EMAIL = fn invalid_email() "Email non valida" "Invalid e-mail";
    ENTER_EMAIL = fn enter_email() "Inserisci un indirizzo email" "Enter an e-mail address";
    EMAIL_TAKEN = fn email_taken() "Esiste già un utente con questa email" "A user with this e-mail already exists";
    USER_NOT_FOUND = fn user_not_found() "Utente non trovato" "User not found";
    WRONG_PASSWORD = fn wrong_password() "La password attuale non è corretta" "The current password is not correct";
    OWN_PASSWORD_ONLY = fn own_password_only() "Puoi cambiare solo la tua password: per gli altri usa updateUserPassword" "You can change only your own password: for others use updateUserPassword";
    DELETE_SELF = fn delete_self() "Non puoi eliminare te stesso" "You cannot delete yourself";
    INVALID_AVATAR = fn invalid_avatar() "Immagine non valida: sono ammessi PNG, JPEG o WebP fino a 256 KiB" "Invalid picture: PNG, JPEG or WebP up to 256 KiB";
    INVALID_ACTION = fn invalid_action() "Azione non valida: allow o deny" "Invalid action: allow or deny";
    UNKNOWN_ROLE = fn unknown_role() "Ruolo inesistente" "No such role";
    ROLE_EXISTS = fn role_exists() "Esiste già un ruolo con questo nome" "A role with this name already exists";
    ROLE_NOT_FOUND = fn role_not_found() "Ruolo non trovato" "Role not found";
    ROLE_IN_USE = fn role_in_use() "Il ruolo è in uso: elimina prima le policy, i gruppi e le chiavi API che lo usano" "The role is in use: delete the policies, groups and API keys that use it first";
    API_KEY_NAME_INVALID = fn api_key_name_invalid(max) "Il nome può contenere solo lettere, cifre, punti, trattini e trattini bassi (al massimo {max} caratteri)" "The name may hold only letters, digits, dots, hyphens and underscores (at most {max} characters)";
    API_KEY_NAME_TAKEN = fn api_key_name_taken() "Esiste già una chiave API con questo nome" "An API key with this name already exists";
    API_KEY_ROLES_REQUIRED = fn api_key_roles_required() "Scegli almeno un ruolo" "Choose at least one role";
    API_KEY_TOO_MANY_ROLES = fn api_key_too_many_roles(max) "Al massimo {max} ruoli" "At most {max} roles";
    API_KEY_WIDER = fn api_key_wider(resources) "Non puoi dare a una chiave API permessi che tu non hai: {resources}" "You cannot give an API key permissions you lack: {resources}";
    API_KEY_EXPIRY_PAST = fn api_key_expiry_past() "La scadenza deve essere nel futuro" "The expiry must be in the future";
    API_KEY_SOURCE_INVALID = fn api_key_source_invalid(source) "Indirizzo o rete non valida: {source}" "Invalid address or network: {source}";
    API_KEY_TOO_MANY_SOURCES = fn api_key_too_many_sources(max) "Al massimo {max} indirizzi o reti" "At most {max} addresses or networks";
    API_KEY_NOT_FOUND = fn api_key_not_found() "Chiave API inesistente o già revocata" "No such API key, or it was revoked already";
    CALLBACK_CONSUMER_NOT_FOUND = fn callback_consumer_not_found(consumer) "Nessuna chiave API né utente riceve callback come {consumer}" "No API key or user receives callbacks as {consumer}";
    API_KEY_OVERLAP_TOO_LONG = fn api_key_overlap_too_long(max) "La vecchia chiave può restare valida al massimo {max} ore" "The old key can stay valid for at most {max} hours";
    POLICY_EXISTS = fn policy_exists() "La policy esiste già" "The policy already exists";
    POLICY_NOT_FOUND = fn policy_not_found() "Policy non trovata" "Policy not found";
    GROUP_EXISTS = fn group_exists() "Il gruppo esiste già" "The group already exists";
    GROUP_NOT_FOUND = fn group_not_found() "Gruppo non trovato" "Group not found";

    // Types and data tables
    TYPE_NOT_FOUND = fn type_not_found(name) "Tipologia «{name}» non trovata" "Type “{name}” not found";
    TYPE_EXISTS = fn type_exists(name) "Esiste già una tipologia di nome «{name}»" "A type named “{name}” already exists";
    TYPE_HAS_RULES = fn type_has_rules(name, count) "Impossibile eliminare la tipologia «{name}»: ha {count} regole associate" "Cannot delete the type “{name}”: it has {count} rules";
    TYPE_HAS_DOCUMENTS = fn type_has_documents(name) "Impossibile eliminare la tipologia «{name}»: è usata da documenti importati" "Cannot delete the type “{name}”: imported documents use it";
    TYPE_HAS_DOSSIERS = fn type_has_dossiers(name) "Impossibile eliminare la tipologia «{name}»: è usata da dossier importati" "Cannot delete the type “{name}”: imported dossiers use it";
    TYPE_IN_USE = fn type_in_use(name) "Impossibile eliminare la tipologia «{name}»: è in uso" "Cannot delete the type “{name}”: it is in use";
    ONE_DOSSIER_TYPE = fn one_dossier_type() "Indicare una sola tipologia di dossier" "Give one dossier type only";
    DATA_TABLE_NOT_FOUND = fn data_table_not_found(name) "Datatable «{name}» non trovata" "Data table “{name}” not found";
    DATA_TABLES_NOT_FOUND = fn data_tables_not_found(names) "Datatable non trovata: {names}" "Data table not found: {names}";
    DATA_TABLE_EXISTS = fn data_table_exists(name) "Esiste già una datatable di nome «{name}»" "A data table named “{name}” already exists";
    DATA_TABLE_IN_USE = fn data_table_in_use(name) "Impossibile eliminare la datatable «{name}»: è usata da delle regole" "Cannot delete the data table “{name}”: rules use it";
    DATA_TABLE_USED_BY = fn data_table_used_by(name, rules) "Impossibile eliminare la datatable «{name}»: è usata da delle regole ({rules})" "Cannot delete the data table “{name}”: rules use it ({rules})";
    REFERENCE_DELETED = fn reference_deleted() "Una tipologia o una datatable indicata è stata eliminata nel frattempo" "A type or data table given was deleted in the meantime";
    TAGS_NOT_OBJECT = fn tags_not_object() "I tag devono essere un oggetto JSON (nome → valore)" "Tags must be a JSON object (name → value)";

    // Rules
    RULE_NOT_FOUND = fn rule_not_found(id) "Regola {id} non trovata" "Rule {id} not found";
    RULE_VERSION_NOT_FOUND = fn rule_version_not_found(id, version) "La regola {id} non ha una versione {version}" "Rule {id} has no version {version}";
    RULE_VERSION_OTHER_KIND = fn rule_version_other_kind(version) "La versione {version} è di un altro tipo di regola" "Version {version} belongs to another kind of rule";
    ALL_FIELDS_REQUIRED = fn all_fields_required() "Tutti i campi sono obbligatori" "All fields are required";
    RULE_NAME_REQUIRED = fn rule_name_required() "Nome regola obbligatorio" "Rule name required";
    INSTITUTE_REQUIRED = fn institute_required() "Istituto di appartenenza obbligatorio" "Institute required";
    RULE_CODE_EMPTY = fn rule_code_empty() "Il codice della regola è vuoto" "The rule's code is empty";
    CODE_TOO_LARGE = fn code_too_large(megabytes) "Il codice supera {megabytes} MB" "The code exceeds {megabytes} MB";
    PACKAGE_JSON_NOT_OBJECT = fn package_json_not_object() "package.json non valido: deve essere un oggetto JSON" "Invalid package.json: it must be a JSON object";
    PACKAGE_JSON_INVALID = fn package_json_invalid(; problem) "package.json non valido: {problem}" "Invalid package.json: {problem}";
    RULE_SYNTAX = fn rule_syntax(line, column, detail) "Errore di sintassi alla riga {line}, colonna {column}: {detail}" "Syntax error at line {line}, column {column}: {detail}";
    RULE_SYNTAX_IN_FILE = fn rule_syntax_in_file(line, column, file, detail) "Errore di sintassi alla riga {line}, colonna {column} di {file}: {detail}" "Syntax error at line {line}, column {column} of {file}: {detail}";
    COMPILE_FAILED = fn compile_failed(detail) "Impossibile compilare la regola: {detail}" "Cannot compile the rule: {detail}";
    CHECK_UNAVAILABLE = fn check_unavailable(; reason) "Impossibile verificare il codice della regola: {reason}" "Cannot check the rule's code: {reason}";
    CHANGED_WHILE_COMPILING = fn changed_while_compiling() "La regola è stata modificata da un altro salvataggio durante la verifica del codice: riprova" "Another save changed the rule while its code was being checked: try again";
    IMPORTED_RULE = fn imported_rule(id, description; reason) "Regola {id} ({description}): {reason}" "Rule {id} ({description}): {reason}";
    IMPORTED_RULE_FIELD = fn imported_rule_field(id; reason) "Regola {id}: {reason}" "Rule {id}: {reason}";
    RUN_UNAVAILABLE = fn run_unavailable(; reason) "Impossibile eseguire la regola: {reason}" "Cannot run the rule: {reason}";
    RUN_FAILED = fn run_failed(detail) "Impossibile eseguire la regola: {detail}" "Cannot run the rule: {detail}";
    RULE_NOT_VALID_MISSING = fn rule_not_valid_missing(missing) "Regola non valida: manca {missing}" "Rule not valid: {missing} missing";
    RULE_NOT_VALID_PRESENT = fn rule_not_valid_present(present) "Regola non valida: presente {present}" "Rule not valid: {present} present";
    RULE_NOT_VALID = fn rule_not_valid(missing, present) "Regola non valida: manca {missing}; presente {present}" "Rule not valid: {missing} missing; {present} present";
    HELPER_PERMISSION = fn helper_permission() "Permesso negato: updateHelperCode" "Permission denied: updateHelperCode";
    RULE_OF_ANOTHER_TYPE = fn rule_of_another_type() "La regola non appartiene alla tipologia del documento" "The rule does not belong to the document's type";
    WHAT_IF_LIMIT = fn what_if_limit(max) "Il numero di documenti va da 1 a {max}" "The number of documents goes from 1 to {max}";
    WHAT_IF_TOO_MANY = fn what_if_too_many(max) "Hai già {max} prove in corso: attendi che finiscano o annullane una" "You already have {max} runs in progress: wait for them to end or cancel one";
    WHAT_IF_NOT_FOUND = fn what_if_not_found(id) "Esecuzione {id} non trovata" "Run {id} not found";
    EXECUTION_LOG_NOT_FOUND = fn execution_log_not_found() "Log di esecuzione non trovato" "Execution log not found";
    BUDGET_RULE_SECONDS = fn budget_rule_seconds(seconds; period) "Hai usato i {seconds} s di esecuzione di regole a tua disposizione {period}: riprova più tardi" "You have used the {seconds} s of rule runs you are allowed {period}: try again later";
    BUDGET_OCR_PAGES = fn budget_ocr_pages(limit; period) "il limite di {limit} pagine lette con OCR per utente {period} è raggiunto" "the limit of {limit} OCR pages per user {period} is reached";
    PER_HOUR = fn per_hour() "all'ora" "per hour";
    PER_DAY = fn per_day() "al giorno" "per day";
    EVERY_DAYS = fn every_days(count) "ogni {count} giorni" "every {count} days";
    EVERY_HOURS = fn every_hours(count) "ogni {count} ore" "every {count} hours";
    EVERY_SECONDS = fn every_seconds(count) "ogni {count} s" "every {count} s";

    // Rule archives (import of rules)
    ARCHIVE_ZIP = fn archive_zip(detail) "Lo zip non è valido: {detail}" "The zip is not valid: {detail}";
    ARCHIVE_BASE64 = fn archive_base64() "Il contenuto non è un file zip in base64" "The content is not a base64 zip file";
    ARCHIVE_TOO_LARGE = fn archive_too_large(max) "Lo zip è troppo grande (massimo {max} byte)" "The zip is too large (at most {max} bytes)";
    ARCHIVE_TOO_MANY_FILES = fn archive_too_many_files(max) "Lo zip contiene troppi file (massimo {max})" "The zip has too many files (at most {max})";
    ARCHIVE_FILE_TOO_LARGE = fn archive_file_too_large(path, max) "{path}: file troppo grande (massimo {max} byte)" "{path}: file too large (at most {max} bytes)";
    ARCHIVE_EXTRACTED_TOO_LARGE = fn archive_extracted_too_large(max) "Lo zip è troppo grande una volta estratto (massimo {max} byte)" "The zip is too large once extracted (at most {max} bytes)";
    ARCHIVE_NOT_TEXT = fn archive_not_text(path) "{path}: il file non è testo UTF-8" "{path}: the file is not UTF-8 text";
    ARCHIVE_METADATA = fn archive_metadata(path; problem) "{path}: rule.json non valido: {problem}" "{path}: invalid rule.json: {problem}";
    FORMAT_VERSION_UNSUPPORTED = fn format_version_unsupported(version, max) "formatVersion {version} non supportata (al massimo {max})" "formatVersion {version} not supported (at most {max})";
    ARCHIVE_MISSING_CODE = fn archive_missing_code(folder, file) "{folder}: manca {file}" "{folder}: {file} is missing";
    ARCHIVE_DUPLICATE = fn archive_duplicate(id) "La regola {id} compare più volte nello zip" "Rule {id} appears more than once in the zip";
    ARCHIVE_EMPTY = fn archive_empty(file) "Lo zip non contiene regole (nessun {file})" "The zip has no rules (no {file})";

    // Dossiers and documents
    DOSSIER_NOT_FOUND = fn dossier_not_found() "Dossier non trovato" "Dossier not found";
    DOCUMENT_NOT_FOUND = fn document_not_found() "Documento non trovato" "Document not found";
    DOCUMENT_ID_NOT_FOUND = fn document_id_not_found(id) "Documento {id} non trovato" "Document {id} not found";
    DOCUMENTS_IN_PROGRESS = fn documents_in_progress() "Impossibile eseguire le regole: i documenti del dossier sono ancora in elaborazione" "Cannot run the rules: the dossier's documents are still being processed";
    NO_CALLBACK_URL = fn no_callback_url() "Il dossier non ha un callback URL" "The dossier has no callback URL";
    NOTHING_TO_SEND = fn nothing_to_send() "Il dossier non ha ancora un risultato da inviare: la callback parte quando è elaborato" "The dossier has no result to send yet: the callback leaves when it is processed";
    NOT_EXTRACTED_YET = fn not_extracted_yet() "Il documento non è ancora stato estratto: riprova al termine dell'estrazione" "The document has not been extracted yet: try again when extraction ends";
    RULES_AFTER_EXTRACTION = fn rules_after_extraction() "Il documento non è ancora stato estratto: le regole partiranno al termine dell'estrazione" "The document has not been extracted yet: its rules will run when extraction ends";
    NOT_EXTRACTED = fn not_extracted(reason) "Il documento non è stato estratto: {reason}" "The document could not be extracted: {reason}";
    NOT_EXTRACTED_UNKNOWN = fn not_extracted_unknown() "Il documento non è stato estratto: errore sconosciuto" "The document could not be extracted: unknown error";
    RULES_RUNNING = fn rules_running() "Regole già in esecuzione sul documento" "Rules are already running on the document";
    DELETE_IN_PROGRESS = fn delete_in_progress() "Impossibile eliminare il documento: è ancora in elaborazione" "Cannot delete the document: it is still being processed";
    DOCUMENT_FILE_GONE = fn document_file_gone() "Il file del documento non è disponibile" "The document's file is not available";
    DOSSIER_ARCHIVE_GONE = fn dossier_archive_gone() "L'archivio del dossier non è disponibile" "The dossier's archive is not available";
    EXTRACTION_GONE = fn extraction_gone() "L'estrazione del documento non è disponibile" "The document's extraction is not available";

    // Jobs and workers
    NO_REPLY = fn no_reply(seconds) "Nessun worker ha risposto entro {seconds} s: i worker sono attivi?" "No worker answered within {seconds} s: are the workers running?";
    NO_WORKER = fn no_worker() "Nessun worker attivo: le regole non possono essere verificate né eseguite finché non ne riparte uno" "No worker is running: rules cannot be checked or run until one starts again";
    JOB_NOT_FOUND = fn job_not_found() "Job non trovato tra quelli falliti" "Job not found among the failed ones";
    UNKNOWN_QUEUE = fn unknown_queue(name) "Coda sconosciuta: {name}" "Unknown queue: {name}";
    ERROR_FILTER_LENGTH = fn error_filter_length(max) "Il testo dell'errore va da 1 a {max} caratteri" "The error text is 1 to {max} characters";

    // Lists (the shared server-side table)
    PAGE_SIZE = fn page_size() "Dimensione pagina non valida: 10, 20, 30, 40 o 50" "Invalid page size: 10, 20, 30, 40 or 50";
    PAGE_INDEX = fn page_index() "Indice di pagina non valido" "Invalid page index";
    PAGE_BEYOND = fn page_beyond(rows) "Si possono sfogliare solo le prime {rows} righe: restringi i filtri" "Only the first {rows} rows can be browsed: narrow the filters";
    ORDER_SYNTAX = fn order_syntax(order) "Ordinamento non valido: {order} (atteso \"campo DESC\" o \"campo ASC\")" "Invalid order: {order} (expected \"field DESC\" or \"field ASC\")";
    ORDER_INVALID = fn order_invalid(order) "Ordinamento non valido: {order}" "Invalid order: {order}";
    NOT_SORTABLE = fn not_sortable(column) "La colonna {column} non è ordinabile" "The column {column} cannot be sorted";
    UNKNOWN_COLUMN = fn unknown_column(column) "Colonna sconosciuta: {column}" "Unknown column: {column}";
    NOT_FILTERABLE = fn not_filterable(column) "La colonna {column} non è filtrabile" "The column {column} cannot be filtered";
    FILTER_KIND = fn filter_kind(kind, column, expected) "Filtro di tipo {kind} non valido per la colonna {column} (atteso {expected})" "A {kind} filter is not valid for the column {column} (expected {expected})";
    FILTER_VALUES = fn filter_values(column, values, bytes) "Filtro della colonna {column}: al massimo {values} valori di {bytes} byte" "Filter of the column {column}: at most {values} values of {bytes} bytes";
    FILTER_NUL = fn filter_nul(column) "Filtro della colonna {column}: il carattere NUL non è ammesso" "Filter of the column {column}: the NUL character is not allowed";
    FILTER_DATE = fn filter_date(column, text) "Data non valida per la colonna {column}: {text} (attesa AAAA/MM/GG)" "Invalid date for the column {column}: {text} (expected YYYY/MM/DD)";
    FILTER_VALUE = fn filter_value(column, value) "Valore non valido per {column}: {value}" "Invalid value for {column}: {value}";

    // Validations (rule validation on PDFs)
    VALIDATION_NOT_FOUND = fn validation_not_found(id) "Validazione {id} non trovata" "Validation {id} not found";
    FILE_GONE = fn file_gone() "Il file non è più disponibile" "The file is no longer available";
    NO_UPLOADED_FILE = fn no_uploaded_file() "Nessun file caricato con questo nome" "No file uploaded with this name";
    UPLOAD_FIRST = fn upload_first() "Nessun file caricato a questo indirizzo: carica il PDF prima di avviare la validazione" "No file uploaded at this address: upload the PDF before starting the validation";
    TEST_STRINGS = fn test_strings(max) "Al massimo {max} stringhe" "At most {max} strings";
    TEST_STRING_LENGTH = fn test_string_length(max) "Ogni stringa ha al massimo {max} caratteri" "Each string has at most {max} characters";
    DOCUMENTS_PER_REQUEST = fn documents_per_request(max) "Al massimo {max} documenti per volta" "At most {max} documents at a time";
    DESCRIPTION_REQUIRED = fn description_required(max) "La descrizione è obbligatoria (al massimo {max} caratteri)" "The description is required (at most {max} characters)";
    TEXT_UNREADABLE = fn text_unreadable(reason) "Il testo del documento non è leggibile: {reason}" "The document's text cannot be read: {reason}";
    TEXT_UNREADABLE_BECAUSE = fn text_unreadable_because(; reason) "Il testo del documento non è leggibile: {reason}" "The document's text cannot be read: {reason}";
    NO_TEXT_YET = fn no_text_yet() "Il testo del documento non è ancora stato estratto: riprova tra poco" "The document's text has not been extracted yet: try again shortly";
    NO_PREVIOUS_DOCUMENT = fn no_previous_document(institute) "Nessun documento precedente dell'istituto {institute} con cui confrontarlo" "No earlier document of the institute {institute} to compare it with";
    DOCUMENT_REGISTERED = fn document_registered(id) "Il documento {id} è già registrato" "Document {id} is already registered";
    FILE_NAME_SLASH = fn file_name_slash() "Il nome del file non può contenere / o \\" "The file name cannot contain / or \\";
    FILE_NOT_PDF_NAME = fn file_not_pdf_name() "Il file deve essere un PDF" "The file must be a PDF";
    UPLOAD_FORGED = fn upload_forged() "Indirizzo di caricamento non valido" "Invalid upload address";
    UPLOAD_EXPIRED = fn upload_expired() "Indirizzo di caricamento scaduto: richiedine un altro" "Upload address expired: ask for another";
    UPLOAD_USED = fn upload_used() "Indirizzo di caricamento già usato: richiedine un altro" "Upload address already used: ask for another";
    UPLOAD_TOO_LARGE = fn upload_too_large(max) "File troppo grande: al massimo {max} byte" "File too large: at most {max} bytes";
    DOWNLOAD_FORGED = fn download_forged() "Collegamento di scaricamento non valido" "Invalid download link";
    DOWNLOAD_EXPIRED = fn download_expired() "Collegamento di scaricamento scaduto: scarica di nuovo dalla pagina" "Download link expired: download again from the page";
    DOWNLOAD_ACCESS_ENDED = fn download_access_ended() "Non puoi più scaricare questo file: la sessione è terminata o i tuoi ruoli non lo permettono" "You can no longer download this file: your session ended or your roles do not allow it";
    NOT_A_PDF = fn not_a_pdf() "Il file non è un PDF" "The file is not a PDF";
    FILE_EMPTY = fn file_empty() "Il file è vuoto" "The file is empty";

    // Imports (POST /import_dossier)
    IMPORT_REQUEST = fn import_request(detail) "Richiesta non valida: {detail}" "Invalid request: {detail}";
    IMPORT_BASE64 = fn import_base64(detail) "Errore nello zip: il contenuto non è base64 valido ({detail})" "Zip error: the content is not valid base64 ({detail})";
    IMPORT_NOT_ZIP = fn import_not_zip(detail) "Errore nello zip: non è un archivio zip valido ({detail})" "Zip error: not a valid zip archive ({detail})";
    IMPORT_ARCHIVE_TOO_LARGE = fn import_archive_too_large(size, max) "Errore nello zip: l'archivio pesa {size} byte, oltre il limite di {max} byte" "Zip error: the archive is {size} bytes, over the limit of {max} bytes";
    IMPORT_BODY_TOO_LARGE = fn import_body_too_large(length, limit) "Errore nello zip: la richiesta pesa {length} byte, oltre il limite di {limit} byte" "Zip error: the request is {length} bytes, over the limit of {limit} bytes";
    IMPORT_TOO_MANY_ENTRIES = fn import_too_many_entries(count, max) "Errore nello zip: l'archivio contiene {count} voci, oltre il limite di {max}" "Zip error: the archive has {count} entries, over the limit of {max}";
    IMPORT_TOO_MANY_BYTES = fn import_too_many_bytes(max) "Errore nello zip: i file dell'archivio, estratti, supererebbero il limite di {max} byte" "Zip error: the archive's files, extracted, would exceed the limit of {max} bytes";
    IMPORT_FILE_TOO_LARGE = fn import_file_too_large(name, size, max) "Errore nello zip: il file «{name}» estratto occupa {size} byte, oltre il limite di {max} byte per file" "Zip error: the file “{name}” takes {size} bytes extracted, over the limit of {max} bytes per file";
    IMPORT_UNSAFE_PATH = fn import_unsafe_path(name) "Errore nello zip: il percorso «{name}» esce dalla cartella dell'archivio" "Zip error: the path “{name}” leaves the archive's folder";
    IMPORT_SYMLINK = fn import_symlink(name) "Errore nello zip: «{name}» è un collegamento simbolico, non ammesso" "Zip error: “{name}” is a symbolic link, not allowed";
    IMPORT_ENCRYPTED = fn import_encrypted(name) "Errore nello zip: il file «{name}» è cifrato" "Zip error: the file “{name}” is encrypted";
    IMPORT_COMPRESSION = fn import_compression(name, method) "Errore nello zip: il file «{name}» usa una compressione non supportata ({method}); ammesse: store, deflate" "Zip error: the file “{name}” uses an unsupported compression ({method}); allowed: store, deflate";
    IMPORT_REPEATED_NAMES = fn import_repeated_names(declared, distinct) "Errore nello zip: l'archivio dichiara {declared} voci ma solo {distinct} nomi distinti: un file compare più volte" "Zip error: the archive declares {declared} entries but only {distinct} distinct names: a file appears more than once";
    IMPORT_SIZE_MISMATCH = fn import_size_mismatch(name, declared) "Errore nello zip: il file «{name}» contiene più dei {declared} byte dichiarati" "Zip error: the file “{name}” holds more than the {declared} bytes declared";
    IMPORT_CORRUPT = fn import_corrupt(name, detail) "Errore nello zip: impossibile leggere «{name}»: {detail}" "Zip error: cannot read “{name}”: {detail}";
    IMPORT_MISSING_FILES = fn import_missing_files(names) "Errore nello zip: file elencati ma assenti nell'archivio: {names}" "Zip error: files listed but missing from the archive: {names}";
    IMPORT_INPUT_SYNTAX = fn import_input_syntax() "Errore sintassi nell'input" "Syntax error in the input";
    IMPORT_INPUT_NOT_LIST = fn import_input_not_list() "Errore sintassi nell'input: deve essere una lista JSON (un elemento per scenario)" "Syntax error in the input: it must be a JSON list (one item per scenario)";
    IMPORT_CALLBACK_URL = fn import_callback_url(detail) "callbackUrl non valido: serve un URL assoluto http o https ({detail})" "Invalid callbackUrl: an absolute http or https URL is needed ({detail})";
    IMPORT_CONTRACT_TYPE_LONG = fn import_contract_type_long(max) "tipoContratto: massimo {max} caratteri" "tipoContratto: at most {max} characters";
    IMPORT_DOCUMENT_TYPE_LONG = fn import_document_type_long(max, name) "tipoDocumento: massimo {max} caratteri ({name})" "tipoDocumento: at most {max} characters ({name})";
    IMPORT_UNKNOWN_TYPES = fn import_unknown_types(names) "Tipo documento inesistente: {names}" "No such document type: {names}";
    IMPORT_TOO_MANY_FILES = fn import_too_many_files(count, max) "files: almeno {count} file elencati, oltre il limite di {max}" "files: at least {count} files listed, over the limit of {max}";
    IMPORT_TOO_MANY_ITEMS = fn import_too_many_items(count, max) "Errore nell'input: almeno {count} elementi, oltre il limite di {max}" "Input error: at least {count} items, over the limit of {max}";
    IMPORT_INPUT_TOO_LARGE = fn import_input_too_large(bytes, max) "Errore nell'input: {bytes} byte, oltre il limite di {max}" "Input error: {bytes} bytes, over the limit of {max}";
    IMPORT_FIELD_TOO_LONG = fn import_field_too_long(field, max) "{field}: massimo {max} caratteri" "{field}: at most {max} characters";
    IMPORT_FIELD_NUL = fn import_field_nul(field) "{field}: il carattere NUL non è ammesso" "{field}: the NUL character is not allowed";
    IMPORT_JSON_ONLY = fn import_json_only() "Le richieste di import vanno inviate come application/json o multipart/form-data" "Import requests must be sent as application/json or multipart/form-data";
    IMPORT_FIELD_MISSING = fn import_field_missing(field) "Richiesta non valida: manca il campo {field}" "Invalid request: the field {field} is missing";
    IMPORT_FIELD_REPEATED = fn import_field_repeated(field) "Richiesta non valida: il campo {field} compare più di una volta" "Invalid request: the field {field} appears more than once";
    IMPORT_FORM_FIELDS_TOO_LARGE = fn import_form_fields_too_large(max) "Richiesta non valida: i campi del modulo oltre allo zip superano {max} byte" "Invalid request: the form's fields besides the zip exceed {max} bytes";
    IMPORT_FORM_UNREADABLE = fn import_form_unreadable() "Richiesta non valida: il modulo multipart/form-data non è leggibile" "Invalid request: the multipart/form-data form cannot be read";
    IMPORT_BUSY = fn import_busy() "Il server sta ricevendo altre importazioni: riprovare tra qualche secondo" "The server is receiving other imports: try again in a few seconds";
    IDEMPOTENCY_KEY_INVALID = fn idempotency_key_invalid(max) "Idempotency-Key non valida: da 1 a {max} caratteri ASCII visibili" "Invalid Idempotency-Key: 1 to {max} visible ASCII characters";
    IDEMPOTENCY_KEY_REUSED = fn idempotency_key_reused() "Questa Idempotency-Key è già stata usata per una richiesta diversa: usa una chiave nuova per ogni nuovo dossier" "This Idempotency-Key was already used for a different request: use a new key for every new dossier";
    IMPORT_INTERNAL = fn import_internal() "Errore interno: impossibile importare il dossier, riprovare" "Internal error: the dossier could not be imported, try again";

    // Operators' endpoints
    METRICS_DISABLED = fn metrics_disabled() "Metriche non esposte: impostare ISTRUTTORIA_METRICS_TOKEN per leggerle" "Metrics not exposed: set ISTRUTTORIA_METRICS_TOKEN to read them";
    METRICS_TOKEN = fn metrics_token() "Le metriche richiedono Authorization: Bearer <ISTRUTTORIA_METRICS_TOKEN>" "Metrics need Authorization: Bearer <ISTRUTTORIA_METRICS_TOKEN>";

    // Request bodies and GraphQL requests
    BODY_TOO_LARGE = fn body_too_large(kib) "La richiesta supera il limite di {kib} KiB" "The request exceeds the limit of {kib} KiB";
    BODY_RATIO = fn body_ratio(ratio) "La richiesta compressa si espande più di {ratio} volte la sua dimensione: rifiutata" "The compressed request expands more than {ratio} times its size: refused";
    BODY_ENCODING = fn body_encoding(encoding) "Content-Encoding «{encoding}» non supportato: ammessi gzip, deflate e br (una sola codifica)" "Content-Encoding “{encoding}” not supported: gzip, deflate and br are allowed (one encoding)";
    BODY_SEVERAL_ENCODINGS = fn body_several_encodings() "Content-Encoding non supportato: ammessa una sola codifica (gzip, deflate o br)" "Content-Encoding not supported: one encoding only (gzip, deflate or br)";
    BODY_UNREADABLE = fn body_unreadable() "Il corpo della richiesta non è leggibile (dati compressi non validi o trasmissione interrotta)" "The request body cannot be read (invalid compressed data or an interrupted transfer)";
    GRAPHQL_JSON_ONLY = fn graphql_json_only() "Le richieste GraphQL vanno inviate come application/json" "GraphQL requests must be sent as application/json";
    GRAPHQL_POST_ONLY = fn graphql_post_only() "GraphQL risponde a POST application/json (GraphiQL: ISTRUTTORIA_GRAPHIQL=true)" "GraphQL answers POST application/json (GraphiQL: ISTRUTTORIA_GRAPHIQL=true)";
    GRAPHQL_UNREADABLE_AT = fn graphql_unreadable_at(line, column, near; reason) "La richiesta GraphQL non è leggibile: {reason} alla riga {line}, colonna {column}, vicino a «{near}»" "The GraphQL request cannot be read: {reason} at line {line}, column {column}, near “{near}”";
    GRAPHQL_UNREADABLE = fn graphql_unreadable(; reason) "La richiesta GraphQL non è leggibile: {reason}" "The GraphQL request cannot be read: {reason}";
    GRAPHQL_REQUEST_INVALID = fn graphql_request_invalid(line, column; fault) "Richiesta GraphQL non valida alla riga {line}, colonna {column}: {fault}" "Invalid GraphQL request at line {line}, column {column}: {fault}";
    PARSE_SYNTAX = fn parse_syntax() "sintassi non valida" "invalid syntax";
    PARSE_RECURSION = fn parse_recursion() "selezioni annidate troppo in profondità" "selections nested too deep";
    PARSE_DUPLICATE_OPERATION = fn parse_duplicate_operation() "un'operazione è definita due volte" "an operation is defined twice";
    PARSE_DUPLICATE_FRAGMENT = fn parse_duplicate_fragment() "un frammento è definito due volte" "a fragment is defined twice";
    PARSE_MULTIPLE_OPERATIONS = fn parse_multiple_operations() "più operazioni, di cui una senza nome" "several operations, one without a name";
    PARSE_NO_OPERATION = fn parse_no_operation() "nessuna operazione" "no operation";
    PARSE_INVALID = fn parse_invalid() "documento non valido" "invalid document";
    REQUEST_JSON = fn request_json() "JSON non valido" "invalid JSON";
    REQUEST_EOF = fn request_eof() "JSON incompleto" "incomplete JSON";
    REQUEST_FIELD_TYPE = fn request_field_type() "un campo ha il tipo sbagliato (query e operationName: testo; variables ed extensions: oggetto)" "a field has the wrong type (query and operationName: text; variables and extensions: object)";
    REQUEST_IO = fn request_io() "corpo non leggibile" "unreadable body";
    QUERY_LIMIT = fn query_limit(value, limit, tag; what) "La richiesta usa {value} {what}: al massimo {limit} ({tag})" "The request uses {value} {what}: at most {limit} ({tag})";
    LIMIT_ALIASES = fn limit_aliases() "alias" "aliases";
    LIMIT_COMPLEXITY = fn limit_complexity() "campi e frammenti" "fields and fragments";
    LIMIT_DEPTH = fn limit_depth() "livelli di campi annidati" "levels of nested fields";
    LIMIT_NESTING = fn limit_nesting() "livelli di campi e frammenti annidati" "levels of nested fields and fragments";
    NESTING_TOO_DEEP = fn nesting_too_deep(max) "La richiesta annida campi e frammenti su più di {max} livelli (nested too deep)" "The request nests fields and fragments over more than {max} levels (nested too deep)";
    FRAGMENT_CYCLE = fn fragment_cycle(name) "Il frammento {name} include sé stesso (fragment cycle)" "The fragment {name} includes itself (fragment cycle)";
    RESPONSE_TOO_LARGE = fn response_too_large(limit) "La risposta supera il limite di {limit}: chiedi meno campi o meno elementi per volta" "The answer exceeds the limit of {limit}: ask for fewer fields or fewer items at a time";
    ONE_FILE_PER_REQUEST = fn one_file_per_request() "Una richiesta può scaricare un solo file: chiedi gli altri con richieste separate" "A request can download one file only: ask for the others in separate requests";

    // Stored errors: why a document, a dossier or a run ended badly, kept with the row
    // (`error` + `error_message` columns) and said to each reader in their language
    NO_PDF_IN_ARCHIVE = fn no_pdf_in_archive() "Nessun PDF nell'archivio" "No PDF in the archive";
    NO_DOCUMENT_PROCESSED = fn no_document_processed() "Nessun documento del dossier è stato elaborato" "None of the dossier's documents could be processed";
    CRASHED_DOCUMENT = fn crashed_document() "l'elaborazione ha interrotto il worker" "processing it stopped the worker";
    CRASHED_IMPORT = fn crashed_import() "l'importazione dell'archivio ha interrotto il worker" "importing the archive stopped the worker";
    CRASHED_DOSSIER_RULES = fn crashed_dossier_rules() "l'esecuzione delle regole del dossier ha interrotto il worker" "running the dossier's rules stopped the worker";
    CRASHED_RUN = fn crashed_run() "l'esecuzione ha interrotto il worker" "the run stopped the worker";
    PDF_ENCRYPTED = fn pdf_encrypted() "PDF protetto da password" "Password-protected PDF";
    PDF_CORRUPT = fn pdf_corrupt(detail) "PDF danneggiato: {detail}" "Damaged PDF: {detail}";
    PDF_TOO_MANY_PAGES = fn pdf_too_many_pages(pages, max) "PDF troppo lungo: {pages} pagine (al massimo {max})" "PDF too long: {pages} pages (at most {max})";
    PDF_STREAM_TOO_LARGE = fn pdf_stream_too_large(max) "PDF troppo grande una volta decompresso: un suo flusso supera {max}" "PDF too large once decompressed: one of its streams exceeds {max}";
    PDF_INFLATED_TOO_LARGE = fn pdf_inflated_too_large(max) "PDF troppo grande una volta decompresso: in totale supera {max}" "PDF too large once decompressed: in all it exceeds {max}";
    PDF_OCR_FAILED = fn pdf_ocr_failed(page, reason) "OCR non riuscito a pagina {page}: {reason}" "OCR failed on page {page}: {reason}";
    PDF_LIMITS = fn pdf_limits(; breach) "il PDF ha superato i limiti di elaborazione: {breach}" "the PDF exceeded the processing limits: {breach}";
    EXTRACTION_INTERNAL = fn extraction_internal(detail) "errore interno dell'estrazione: {detail}" "internal extraction error: {detail}";
    BREACH_TIMEOUT = fn breach_timeout(seconds) "nessuna risposta entro {seconds} s" "no answer within {seconds} s";
    BREACH_CPU = fn breach_cpu(seconds) "oltre {seconds} s di CPU" "over {seconds} s of CPU";
    BREACH_CRASHED = fn breach_crashed(signal, memory) "estrazione interrotta ({signal}; memoria massima {memory})" "extraction stopped ({signal}; memory limit {memory})";
    BREACH_EXITED = fn breach_exited(code) "estrazione terminata con il codice {code}" "extraction ended with code {code}";
    BREACH_PROTOCOL = fn breach_protocol() "risposta non valida del processo di estrazione" "invalid answer from the extraction process";
    VALIDATION_DOCUMENT_DELETED = fn validation_document_deleted() "Documento di validazione eliminato" "Validation document deleted";
    VALIDATION_EXTRACTION_FAILED = fn validation_extraction_failed(; reason) "Estrazione del testo non riuscita: {reason}" "Text extraction failed: {reason}";
    JOB_INTERNAL = fn job_internal(detail) "errore interno: {detail}" "internal error: {detail}";

    // Document events: the history of a document (`document_logs`: `event` + `message`)
    EVENT_IMPORTED = fn event_imported() "importato" "imported";
    EVENT_EXTRACTED = fn event_extracted(pages) "estratto (pagine: {pages})" "extracted (pages: {pages})";
    EVENT_EXTRACTED_OCR = fn event_extracted_ocr(pages, ocr) "estratto (pagine: {pages}, lette con OCR: {ocr})" "extracted (pages: {pages}, read by OCR: {ocr})";
    EVENT_RULES_RUN = fn event_rules_run(count) "regole eseguite: {count}" "rules run: {count}";
    EVENT_TAGS_CHANGED = fn event_tags_changed(who) "tag modificati da {who}" "tags changed by {who}";
    EVENT_FAILED = fn event_failed(; error) "errore: {error}" "error: {error}";
    PAGE_UNREAD = fn page_unread(page; reason) "pagina {page} non letta: {reason}" "page {page} not read: {reason}";
    /// Two messages one after the other (an event and the pages it did not read, …).
    SEMICOLON_LIST = fn semicolon_list(; first, rest) "{first}; {rest}" "{first}; {rest}";
    OCR_DOCUMENT_CAP = fn ocr_document_cap(max) "oltre le {max} pagine lette con OCR per documento" "over the {max} pages read by OCR per document";
    OCR_IMPORT_CAP = fn ocr_import_cap() "il limite di pagine lette con OCR per importazione è raggiunto" "the limit of pages read by OCR per import is reached";
    EXTRACTION_LOST_WORKER = fn extraction_lost_worker() "il processo di estrazione ha perso il worker" "the extraction process lost its worker";
    OCR_PAGE_TOO_LARGE = fn ocr_page_too_large(width, height) "pagina troppo grande per l'OCR ({width} × {height} punti)" "page too large for OCR ({width} × {height} points)";
}
