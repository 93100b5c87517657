// The query console's least-privilege role (README "### The query console's database grant").
//
// `console_reader` (NOLOGIN) may SELECT, column by column, what an admin may see of the business
// tables, and nothing that holds a secret: users.password_hash, sessions.id (what a session token
// names), password_resets.token_hash, the outbox bodies (reset mails carry their link) and the
// Zoho token cache (crm_token, no grant at all). Columns are listed from the catalog here, so the
// grant matches the schema this migration runs on; a table or column added later stays invisible
// to the console until a migration grants it.
//
// The console runs its statement through console_run(), a SECURITY DEFINER function owned by
// console_reader: inside it Postgres refuses SET ROLE, RESET ROLE and set_config('role', …), so
// the statement cannot climb back to the session's own user. It opens the statement as a cursor,
// which holds exactly one query (a dynamic EXECUTE would run several).
//
// Where the database user may not create roles, the role is not created and the console refuses
// to run (503, saying why); it never runs with the application's full access. Once a DBA has
// created the role, deleting this migration's row from schema_migrations re-applies it: every
// step is idempotent. PL/pgSQL bodies keep each `;` off the end of a line (migrate() splits there).
export default {
  id: "008-console-role",
  sql: `
DO $do$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'console_reader')
     AND (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user) THEN
    BEGIN CREATE ROLE console_reader NOLOGIN NOINHERIT NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS
    ; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL -- created meanwhile by a migration of another database
    ; END
  ; END IF
; END $do$;

CREATE OR REPLACE FUNCTION public.console_run(statement text, max_rows integer, max_cost double precision)
RETURNS SETOF text LANGUAGE plpgsql SET search_path = public SET "TimeZone" = 'UTC' AS $body$
DECLARE
  wrapped text := format(E'SELECT row_to_json(console_query)::text FROM (\\n%s\\n) AS console_query LIMIT %s', statement, max_rows)
; c refcursor
; plan json
; cost double precision
; line text
; BEGIN
  -- Through cursors only: a cursor holds exactly one query, where EXECUTE would run several.
  IF max_cost IS NOT NULL THEN
    OPEN c FOR EXECUTE 'EXPLAIN (FORMAT JSON) ' || wrapped
  ; FETCH c INTO plan
  ; CLOSE c
  ; cost := (plan->0->'Plan'->>'Total Cost')::double precision
  ; IF cost > max_cost THEN
      RAISE EXCEPTION 'estimated cost % is over %', round(cost), round(max_cost) USING ERRCODE = 'CQ001'
  ; END IF
; END IF
; OPEN c FOR EXECUTE wrapped
; LOOP
    FETCH c INTO line
  ; EXIT WHEN NOT FOUND
  ; RETURN NEXT line
; END LOOP
; CLOSE c
; END $body$;

REVOKE ALL ON FUNCTION public.console_run(text, integer, double precision) FROM PUBLIC;

DO $do$
DECLARE
  t record
; cols text
; had_create boolean
; BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'console_reader') THEN
    RAISE NOTICE 'console_reader was not created: % may not create roles. The query console refuses to run until a DBA creates it (README).', current_user
  ; RETURN
; END IF
; BEGIN -- one block: if this user lacks a right (GRANT of the role, CREATE on the schema), none of it is kept
    IF NOT pg_has_role(current_user, 'console_reader', 'MEMBER') THEN
      EXECUTE format('GRANT console_reader TO %I', current_user)
    ; END IF
  ; FOR t IN SELECT * FROM (VALUES
        ('log', '{}'::text[]),
        ('rate_limit', '{}'),
        ('outbox', '{text_body,html_body}'),
        ('users', '{password_hash}'),
        ('sessions', '{id}'),
        ('leads', '{}'),
        ('password_resets', '{token_hash}'),
        ('login_throttle', '{}'),
        ('images', '{}'),
        ('products', '{}'),
        ('web_vitals', '{}'),
        ('schema_migrations', '{}'),
        ('lead_status_history', '{}') -- 009 grants it on databases where 009 runs after this
      ) AS v(name, secret) WHERE to_regclass('public.' || quote_ident(v.name)) IS NOT NULL LOOP
      SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO cols FROM pg_attribute
       WHERE attrelid = to_regclass('public.' || quote_ident(t.name)) AND attnum > 0 AND NOT attisdropped AND NOT attname = ANY (t.secret)
    ; EXECUTE format('GRANT SELECT (%s) ON public.%I TO console_reader', cols, t.name)
    ; END LOOP
  ; had_create := has_schema_privilege('console_reader', 'public', 'CREATE')
  ; IF NOT had_create THEN GRANT CREATE ON SCHEMA public TO console_reader
    ; END IF
  ; ALTER FUNCTION public.console_run(text, integer, double precision) SECURITY DEFINER
  ; ALTER FUNCTION public.console_run(text, integer, double precision) OWNER TO console_reader
  ; IF NOT had_create THEN REVOKE CREATE ON SCHEMA public FROM console_reader
    ; END IF
  ; EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'console_reader was not set up (%). The query console refuses to run until it is (README).', SQLERRM
  ; END
; END $do$;
`,
};
