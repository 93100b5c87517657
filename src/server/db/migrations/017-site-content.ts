// Issue 27 (decision 13): the site's words and pictures live in Postgres, edited by admins in the
// back office, and the prebuilt pages are built from the published version.
//
// site_content_versions: every publish, whole (the document has the shape of the files in content/:
//   site, about, services, reviews, gallery, badges, legal). The live content is the highest version;
//   version 1 is the seed from content/. Rows are never changed or deleted: any earlier version can
//   be restored as the draft.
// site_content_draft: one row, what the admins are editing; the public site changes only on publish.
// site_content_samples: what the seed marked as sample (content/samples.json, the reviews and
//   projects marked "sample", the pictures of content/images), for the launch checklist.
export default {
  id: "017-site-content",
  sql: `
CREATE TABLE site_content_versions (
  version integer PRIMARY KEY CHECK (version > 0),
  doc jsonb NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  published_by text NOT NULL,
  restored_from integer REFERENCES site_content_versions(version)
);

CREATE TABLE site_content_draft (
  id text PRIMARY KEY CHECK (id = 'site'),
  doc jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL,
  restored_from integer REFERENCES site_content_versions(version)
);

CREATE TABLE site_content_samples (
  id text PRIMARY KEY CHECK (id = 'site'),
  doc jsonb NOT NULL,
  fields text[] NOT NULL DEFAULT '{}',
  image_keys text[] NOT NULL DEFAULT '{}'
);

-- The query console (migration 008) may read them: the site's public words and who published when. One line.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'console_reader') THEN GRANT SELECT ON site_content_versions, site_content_draft, site_content_samples TO console_reader; END IF; END $$;
`,
};
