-- Change notifications for the server's in-memory caches (docs/decisions/025-response-and-session-caches.md).
-- Every write to what the cached answers are made of says so on the channel portal_changes, whoever
-- writes it: the API, the company CLI, a migration or a hand-typed UPDATE.
CREATE FUNCTION portal_notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session leaves the cache when it is revoked or deleted; signing in and touching last_used_at say nothing.
CREATE FUNCTION portal_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', 'sessions:' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "portal_entities" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_statuses" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staff" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "portal_themes" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "albums" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "photos" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "files" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "portal_users" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_sessions AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_session_revoked AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.secret_hash IS DISTINCT FROM NEW.secret_hash OR OLD.portal_user_id IS DISTINCT FROM NEW.portal_user_id)
  EXECUTE FUNCTION portal_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_session_deleted AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION portal_notify_session_change();
