CREATE TABLE "ad_cards" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" varchar(16) NOT NULL,
	"position" integer NOT NULL,
	"icon_url" text,
	"text" text,
	"text_image_url" text,
	"video_link" text,
	"url_link" text,
	"background_url" text,
	"visible" boolean DEFAULT true NOT NULL,
	"icon_position" varchar(8),
	"color" varchar(16)
);
--> statement-breakpoint
CREATE TABLE "division_change_reasons" (
	"id" integer PRIMARY KEY NOT NULL,
	"text_fr" text NOT NULL,
	"text_en" text NOT NULL,
	"text_ar" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "division_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"old_division_id" integer,
	"new_division_id" integer NOT NULL,
	"reason_id" integer NOT NULL,
	"reason2" text,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "division_requests_status" CHECK ("division_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "marksheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"trimester" integer NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" varchar(128) NOT NULL,
	"size" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marksheets_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "marksheets_trimester" CHECK ("marksheets"."trimester" between 1 and 3),
	CONSTRAINT "marksheets_status" CHECK ("marksheets"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "division_requests" ADD CONSTRAINT "division_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_requests" ADD CONSTRAINT "division_requests_old_division_id_divisions_id_fk" FOREIGN KEY ("old_division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_requests" ADD CONSTRAINT "division_requests_new_division_id_divisions_id_fk" FOREIGN KEY ("new_division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_requests" ADD CONSTRAINT "division_requests_reason_id_division_change_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."division_change_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marksheets" ADD CONSTRAINT "marksheets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marksheets" ADD CONSTRAINT "marksheets_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "division_requests_user_idx" ON "division_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "division_requests_one_pending_uq" ON "division_requests" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "marksheets_user_idx" ON "marksheets" USING btree ("user_id");