// Issue 25, item 2: a lead's phone as typed (phone) plus what a phone dials: E.164 (+12395550142)
// and the extension's digits (12), or NULL when the typed text is not a number we can read. New
// leads get them from libphonenumber-js (src/server/phone/parse.ts). Existing leads could only hold
// digits, spaces, ( ) . - and a leading + (no extension), so the backfill reads them by the plain
// North American rule (ten digits, or eleven starting with 1, area code and exchange from 2-9) or,
// typed with a +, as the country code and number they are; anything else (7 digits, no area code)
// stays NULL and its tel: link falls back to the typed digits.
export default {
  id: "011-lead-phone",
  sql: `
ALTER TABLE leads ADD COLUMN phone_e164 text, ADD COLUMN phone_ext text;

UPDATE leads SET phone_e164 = n.e164
FROM (
  SELECT id, CASE
      WHEN plus AND digits ~ '^1[2-9][0-9]{2}[2-9][0-9]{6}$' THEN '+' || digits
      WHEN plus AND digits ~ '^[2-9][0-9]{7,14}$' THEN '+' || digits
      WHEN NOT plus AND digits ~ '^[2-9][0-9]{2}[2-9][0-9]{6}$' THEN '+1' || digits
      WHEN NOT plus AND digits ~ '^1[2-9][0-9]{2}[2-9][0-9]{6}$' THEN '+' || digits
    END AS e164
  FROM (SELECT id, btrim(phone) LIKE '+%' AS plus, regexp_replace(phone, '[^0-9]', '', 'g') AS digits FROM leads WHERE phone <> '') typed
) n
WHERE leads.id = n.id AND n.e164 IS NOT NULL;

-- The query console (migration 008) may read both: a phone number is no secret there. One line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT (phone_e164, phone_ext) ON leads TO console_reader; END IF; END $$;
`,
};
