--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: persistence_contains(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.persistence_contains(haystack text, needle text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  SELECT needle = '' OR strpos(lower(haystack COLLATE "und-x-icu"), lower(needle COLLATE "und-x-icu")) > 0
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: persistence_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.persistence_changes (
    sequence bigint NOT NULL,
    entity text NOT NULL,
    inserted bytea NOT NULL,
    updated bytea NOT NULL,
    deleted bytea NOT NULL
);


--
-- Name: persistence_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.persistence_migrations (
    identifier text NOT NULL,
    "position" integer NOT NULL
);


--
-- Name: persistence_state; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.persistence_state (
    id integer NOT NULL,
    sequence bigint NOT NULL
);


--
-- Name: todo; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.todo (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    "listID" bytea NOT NULL,
    title text NOT NULL COLLATE pg_catalog."C",
    notes text NOT NULL COLLATE pg_catalog."C",
    deadline text COLLATE pg_catalog."C",
    status text NOT NULL COLLATE pg_catalog."C",
    "doneAt" double precision,
    section text COLLATE pg_catalog."C",
    "order" text NOT NULL COLLATE pg_catalog."C",
    "externalOrder" bigint,
    "createdAt" double precision NOT NULL,
    "updatedAt" double precision NOT NULL,
    "deletedAt" double precision
);


--
-- Name: todo_list; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.todo_list (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    name text NOT NULL COLLATE pg_catalog."C",
    "order" text NOT NULL COLLATE pg_catalog."C",
    "createdAt" double precision NOT NULL,
    "updatedAt" double precision NOT NULL,
    "deletedAt" double precision
);


--
-- Data for Name: persistence_changes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.persistence_changes VALUES (1, 'todo_list', '\x00000000000040008000000000000001', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (2, 'todo', '\xbe66e04adf4148e4bac455604904dee7', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (3, 'todo', '\x538a7b2a7c944e098853cdf4e1487b48', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (4, 'todo', '\xf5a20c733d6340099bf30e6fec2afae9', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (5, 'todo', '\xdd77cf74cf8b4444b6444568e96f8b43', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (6, 'todo', '\x', '\x538a7b2a7c944e098853cdf4e1487b48', '\x');
INSERT INTO public.persistence_changes VALUES (7, 'todo', '\x', '\xf5a20c733d6340099bf30e6fec2afae9', '\x');
INSERT INTO public.persistence_changes VALUES (8, 'todo', '\x', '\xf5a20c733d6340099bf30e6fec2afae9', '\x');
INSERT INTO public.persistence_changes VALUES (9, 'todo', '\x', '\xdd77cf74cf8b4444b6444568e96f8b43', '\x');
INSERT INTO public.persistence_changes VALUES (10, 'todo_list', '\x373a496234a24a9bbefa430e6d865f32', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (11, 'todo', '\x055e540418da4656a3760f9311b74bca', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (12, 'todo', '\x09724ecff6c04044ae8d28ee0f748f39', '\x', '\x');


--
-- Data for Name: persistence_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.persistence_migrations VALUES ('todo_list/create', 1);
INSERT INTO public.persistence_migrations VALUES ('todo/create', 2);
INSERT INTO public.persistence_migrations VALUES ('todo/list-live-order', 3);
INSERT INTO public.persistence_migrations VALUES ('todo/store-version', 4);


--
-- Data for Name: persistence_state; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.persistence_state VALUES (1, 12);


--
-- Data for Name: todo; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.todo VALUES ('\xbe66e04adf4148e4bac455604904dee7', 1, '\x00000000000040008000000000000001', 'Buy milk', 'Two litres, the blue cap', '2026-12-01', 'notStarted', NULL, 'Dairy', 'V', NULL, 1795893442.1062584, 1795893442.1062584, NULL);
INSERT INTO public.todo VALUES ('\x538a7b2a7c944e098853cdf4e1487b48', 2, '\x00000000000040008000000000000001', 'Write the report', 'Q4 numbers', '2026-12-03T09:30', 'inProgress', NULL, NULL, 'W', NULL, 1795893442.23699, 1795893442.762454, NULL);
INSERT INTO public.todo VALUES ('\xf5a20c733d6340099bf30e6fec2afae9', 3, '\x00000000000040008000000000000001', 'Call the plumber', '', NULL, 'done', 1795893443.0312562, NULL, 'U', NULL, 1795893442.3553069, 1795893443.28556, NULL);
INSERT INTO public.todo VALUES ('\xdd77cf74cf8b4444b6444568e96f8b43', 2, '\x00000000000040008000000000000001', 'Old thing', '', NULL, 'notStarted', NULL, NULL, 'Y', NULL, 1795893442.4815097, 1795893442.4815097, 1795893443.5541558);
INSERT INTO public.todo VALUES ('\x055e540418da4656a3760f9311b74bca', 1, '\x373a496234a24a9bbefa430e6d865f32', 'Apples', '', NULL, 'notStarted', NULL, NULL, 'V', NULL, 1795893443.8208947, 1795893443.8208947, NULL);
INSERT INTO public.todo VALUES ('\x09724ecff6c04044ae8d28ee0f748f39', 1, '\x373a496234a24a9bbefa430e6d865f32', 'Pears 🍐', '', NULL, 'notStarted', NULL, 'Fruit', 'W', NULL, 1795893443.9530978, 1795893443.9530978, NULL);


--
-- Data for Name: todo_list; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.todo_list VALUES ('\x00000000000040008000000000000001', 1, 'Inbox', 'V', 1795893442.0924897, 1795893442.0924897, NULL);
INSERT INTO public.todo_list VALUES ('\x373a496234a24a9bbefa430e6d865f32', 1, 'Shopping', 'W', 1795893443.6894464, 1795893443.6894464, NULL);


--
-- Name: persistence_changes persistence_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.persistence_changes
    ADD CONSTRAINT persistence_changes_pkey PRIMARY KEY (sequence);


--
-- Name: persistence_migrations persistence_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.persistence_migrations
    ADD CONSTRAINT persistence_migrations_pkey PRIMARY KEY (identifier);


--
-- Name: persistence_state persistence_state_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.persistence_state
    ADD CONSTRAINT persistence_state_pkey PRIMARY KEY (id);


--
-- Name: todo_list todo_list_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.todo_list
    ADD CONSTRAINT todo_list_pkey PRIMARY KEY (id);


--
-- Name: todo todo_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.todo
    ADD CONSTRAINT todo_pkey PRIMARY KEY (id);


--
-- Name: todo_deleted; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX todo_deleted ON public.todo USING btree ("deletedAt");


--
-- Name: todo_list_live_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX todo_list_live_order ON public.todo USING btree ("listID", "deletedAt", "order", id);


--
-- Name: todo_list_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX todo_list_order ON public.todo USING btree ("listID", "order");


--
-- PostgreSQL database dump complete
--


