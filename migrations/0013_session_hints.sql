-- Signs the cookie that says who a session belongs to (issue 19, src/auth/sessionHint.ts):
-- with it, a read's queries leave in the same round trip as the session check.
INSERT INTO signing_keys (name, secret) VALUES ('session_hints', lower(hex(randomblob(32))));
