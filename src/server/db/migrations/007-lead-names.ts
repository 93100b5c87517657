// first_name and last_name were written when a lead was stored and never read: the CRM derives
// them from the e-mail and full name when it syncs (src/server/crm/derive.ts). The new code stops
// writing them. They are not dropped in this deploy: until it is published, the functions still
// live write them, and a dropped column would refuse every quote in that window. This migration
// lets inserts leave them out; a later one drops them once no live deploy writes them.
export default {
  id: "007-lead-names",
  sql: `
ALTER TABLE leads ALTER COLUMN first_name SET DEFAULT '';
`,
};
