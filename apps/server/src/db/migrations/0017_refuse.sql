-- A statement that must undo its own writes (decision 203): `amora_refuse('CODE')` in a CASE
-- branch raises CODE (SQLSTATE P0001), so a one-statement autocommit write rolls back whole,
-- without a BEGIN/COMMIT round trip. VOLATILE: the planner never evaluates it ahead of time.
CREATE OR REPLACE FUNCTION amora_refuse(code text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = code;
END
$$;
