-- A document's events said in the reader's language (issue 30, item 5): beside each event's
-- Italian text (what API clients read), the message of the catalogue it was made from
-- (shared::messages, "Document events"). Earlier events of the usual forms get theirs here;
-- the others (errors and unread pages, whose reasons were free text) keep only their text.
ALTER TABLE document_logs ADD COLUMN message JSONB;

UPDATE document_logs
SET message = '{"messageCode": "EVENT_IMPORTED", "params": {}}'
WHERE event = 'importato';

UPDATE document_logs
SET message = jsonb_build_object(
    'messageCode', 'EVENT_EXTRACTED',
    'params', jsonb_build_object('pages', substring(event FROM '^estratto: (\d+) pagine$')))
WHERE event ~ '^estratto: \d+ pagine$';

UPDATE document_logs
SET message = jsonb_build_object(
    'messageCode', 'EVENT_EXTRACTED_OCR',
    'params', jsonb_build_object(
        'pages', substring(event FROM '^estratto: (\d+) pagine'),
        'ocr', substring(event FROM ', (\d+) lette con OCR$')))
WHERE event ~ '^estratto: \d+ pagine, \d+ lette con OCR$';

UPDATE document_logs
SET message = jsonb_build_object(
    'messageCode', 'EVENT_RULES_RUN',
    'params', jsonb_build_object('count', substring(event FROM '^regole eseguite \((\d+)\)$')))
WHERE event ~ '^regole eseguite \(\d+\)$';

UPDATE document_logs
SET message = jsonb_build_object(
    'messageCode', 'EVENT_TAGS_CHANGED',
    'params', jsonb_build_object('who', substring(event FROM '^tag modificati da (.+)$')))
WHERE event ~ '^tag modificati da .+$';

-- "errore: …" repeats its document's error: its message is the document's, when kept.
UPDATE document_logs AS log
SET message = jsonb_build_object(
    'messageCode', 'EVENT_FAILED',
    'params', jsonb_build_object('error', document.error_message))
FROM documents AS document
WHERE log.document_id = document.id
  AND log.message IS NULL
  AND document.error_message IS NOT NULL
  AND log.event = 'errore: ' || document.error;
