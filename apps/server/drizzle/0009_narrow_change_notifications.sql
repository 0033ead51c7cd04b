-- Change notifications that name what changed (docs/decisions/029-cache-invalidation-by-scope.md): each row written
-- to a table the cached answers are read from says which scope it belongs to (`projects:17` is project 17,
-- `staff:3` is company 3, `portal_entities:9` is portal user 9, as core/cache/tables.ts lists), so a write empties
-- only the answers that carry that scope. A TRUNCATE still says only the table's name: everything goes.
CREATE FUNCTION portal_notify_row_scope() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_scope text;
  new_scope text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_scope := to_jsonb(OLD) ->> TG_ARGV[0];
    PERFORM pg_notify('portal_changes', TG_TABLE_NAME || ':' || coalesce(old_scope, ''));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_scope := to_jsonb(NEW) ->> TG_ARGV[0];
    IF new_scope IS DISTINCT FROM old_scope THEN
      PERFORM pg_notify('portal_changes', TG_TABLE_NAME || ':' || coalesce(new_scope, ''));
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER portal_changes ON "portal_entities";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "projects";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "project_statuses";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "accounts";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "staff";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "companies";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "portal_themes";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "albums";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "photos";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "files";
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE ON "portal_entities" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('portal_user_id');
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE ON "projects" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('id');
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE ON "project_statuses" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('company_id');
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('company_id');
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE ON "staff" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('company_id');
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('id');
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE ON "portal_themes" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('company_id');
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE ON "albums" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('project_id');
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE ON "photos" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('company_id');
--> statement-breakpoint
-- A new file is no one's cover yet (a photo pointing at it notifies when it is written): only updates and deletes count.
CREATE TRIGGER portal_changes AFTER UPDATE OR DELETE ON "files" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('company_id');
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "portal_entities" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "project_statuses" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "staff" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "portal_themes" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "albums" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "photos" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "files" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
