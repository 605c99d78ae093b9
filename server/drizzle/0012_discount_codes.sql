-- Coupons (docs/decisions/0035-discount-codes.md): the codes with their terms and limits, the offers and
-- offer divisions they are limited to, the code a pupil applied, and each use of a coupon in a purchase.
CREATE TABLE "applied_discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" varchar(64) NOT NULL,
	"discount_code_id" integer,
	"offer_division_id" integer NOT NULL,
	"quantity" integer,
	"all_year" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_code_offer_divisions" (
	"discount_code_id" integer NOT NULL,
	"offer_division_id" integer NOT NULL,
	CONSTRAINT "discount_code_offer_divisions_discount_code_id_offer_division_id_pk" PRIMARY KEY("discount_code_id","offer_division_id")
);
--> statement-breakpoint
CREATE TABLE "discount_code_offers" (
	"discount_code_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	CONSTRAINT "discount_code_offers_discount_code_id_offer_id_pk" PRIMARY KEY("discount_code_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "discount_code_redemptions" (
	"discount_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_code_redemptions_discount_code_id_user_id_pk" PRIMARY KEY("discount_code_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"discount_type" varchar(24) NOT NULL,
	"discount_value" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"all_year" boolean DEFAULT false NOT NULL,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_type" CHECK ("discount_codes"."discount_type" in ('percentage_discount', 'fixed')),
	CONSTRAINT "discount_codes_value" CHECK ("discount_codes"."discount_value" >= 0 and ("discount_codes"."discount_type" = 'fixed' or "discount_codes"."discount_value" <= 10000)),
	CONSTRAINT "discount_codes_uses" CHECK ("discount_codes"."uses" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."uses" <= "discount_codes"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "applied_discount_codes" ADD CONSTRAINT "applied_discount_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applied_discount_codes" ADD CONSTRAINT "applied_discount_codes_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applied_discount_codes" ADD CONSTRAINT "applied_discount_codes_offer_division_id_offer_divisions_id_fk" FOREIGN KEY ("offer_division_id") REFERENCES "public"."offer_divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_offer_divisions" ADD CONSTRAINT "discount_code_offer_divisions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_offer_divisions" ADD CONSTRAINT "discount_code_offer_divisions_offer_division_id_offer_divisions_id_fk" FOREIGN KEY ("offer_division_id") REFERENCES "public"."offer_divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_offers" ADD CONSTRAINT "discount_code_offers_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_offers" ADD CONSTRAINT "discount_code_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_redemptions" ADD CONSTRAINT "discount_code_redemptions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_redemptions" ADD CONSTRAINT "discount_code_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_redemptions" ADD CONSTRAINT "discount_code_redemptions_order_id_offer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."offer_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applied_discount_codes_user_uq" ON "applied_discount_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_uq" ON "discount_codes" USING btree ("code");