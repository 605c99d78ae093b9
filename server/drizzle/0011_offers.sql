-- The offers catalogue and purchases with points (docs/decisions/0034-offers-catalogue-and-purchase.md): offers under
-- their group, an offer as one class buys it, its pricing entries and subject details, the orders with
-- the quote they charged, and the offer a subscription was bought from.
CREATE TABLE "offer_divisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_ar" text,
	"type" varchar(8) DEFAULT 'primary' NOT NULL,
	"color" varchar(16),
	"description" text,
	"description_ar" text,
	"button_label" text,
	"button_label_ar" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"base_price" bigint,
	"final_price" bigint,
	"info_discount" jsonb,
	"slices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "offer_divisions_type" CHECK ("offer_divisions"."type" in ('primary', 'pack'))
);
--> statement-breakpoint
CREATE TABLE "offer_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_division_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"period" varchar(16) NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"total" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"slice_index" integer DEFAULT -1 NOT NULL,
	"code" varchar(64),
	"status" varchar(16) DEFAULT 'paid' NOT NULL,
	"user_offer_id" integer,
	"ledger_transaction_id" integer,
	"quote" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_orders_amounts" CHECK ("offer_orders"."total" >= 0 and "offer_orders"."paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offer_prices" (
	"offer_division_id" integer NOT NULL,
	"period" varchar(16) NOT NULL,
	"price" bigint NOT NULL,
	"final_price" bigint NOT NULL,
	"discount" bigint,
	"discount_basis_points" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_prices_offer_division_id_period_pk" PRIMARY KEY("offer_division_id","period"),
	CONSTRAINT "offer_prices_period" CHECK ("offer_prices"."period" in ('day', 'week', 'month', 'rest_of_year', 'fixed')),
	CONSTRAINT "offer_prices_amounts" CHECK ("offer_prices"."price" >= 0 and "offer_prices"."final_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offer_subject_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_division_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_ar" text,
	"is_free" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"unsubscribable" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_offers" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "offer_divisions" ADD CONSTRAINT "offer_divisions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_divisions" ADD CONSTRAINT "offer_divisions_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_orders" ADD CONSTRAINT "offer_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_orders" ADD CONSTRAINT "offer_orders_offer_division_id_offer_divisions_id_fk" FOREIGN KEY ("offer_division_id") REFERENCES "public"."offer_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_orders" ADD CONSTRAINT "offer_orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_orders" ADD CONSTRAINT "offer_orders_user_offer_id_user_offers_id_fk" FOREIGN KEY ("user_offer_id") REFERENCES "public"."user_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_orders" ADD CONSTRAINT "offer_orders_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_prices" ADD CONSTRAINT "offer_prices_offer_division_id_offer_divisions_id_fk" FOREIGN KEY ("offer_division_id") REFERENCES "public"."offer_divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_subject_details" ADD CONSTRAINT "offer_subject_details_offer_division_id_offer_divisions_id_fk" FOREIGN KEY ("offer_division_id") REFERENCES "public"."offer_divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_subject_details" ADD CONSTRAINT "offer_subject_details_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_group_id_offer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."offer_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_divisions_offer_division_uq" ON "offer_divisions" USING btree ("offer_id","division_id");--> statement-breakpoint
CREATE INDEX "offer_divisions_division_idx" ON "offer_divisions" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "offer_orders_user_idx" ON "offer_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_subject_details_uq" ON "offer_subject_details" USING btree ("offer_division_id","subject_id");--> statement-breakpoint
ALTER TABLE "user_offers" ADD CONSTRAINT "user_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;