-- Referral earnings (docs/decisions/0045-referral-earnings-and-cancellation.md): a referrer's 5 % in tokens of a friend's paid order, one per friend, reversible.
CREATE TABLE "referral_earnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"paid" bigint NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "referral_earnings_amounts" CHECK ("referral_earnings"."paid" >= 0 and "referral_earnings"."amount" >= 0 and "referral_earnings"."referrer_id" <> "referral_earnings"."friend_id")
);
--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_order_id_offer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."offer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_earnings_friend_uq" ON "referral_earnings" USING btree ("friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_earnings_order_uq" ON "referral_earnings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "referral_earnings_referrer_idx" ON "referral_earnings" USING btree ("referrer_id","id");