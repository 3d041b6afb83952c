-- Entries written before the source column existed: a failed login could only be reported without a
-- session (LOGIN and LOGOUT needed one), so those came from anonymous callers.
UPDATE "audit_logs" SET "source" = 'ANONYMOUS' WHERE "action" = 'LOGIN_FAILED';
