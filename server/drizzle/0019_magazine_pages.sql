-- Magazine pages (docs/decisions/0044-magazine-pages.md): the page images of a magazine lesson, rendered once from its PDF.
CREATE TABLE "content_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" varchar(128) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_position_uq" ON "content_pages" USING btree ("content_id","position");