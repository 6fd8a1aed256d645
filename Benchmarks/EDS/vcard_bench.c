/*
 * Evolution Data Server's vCard parse and serialize, on the cards our VCardCompareDriver wrote (issue 17 item 7).
 *
 *   vcard_bench <book.vcf> [rounds]     (Benchmarks/scripts/compare-eds-vcard.sh builds and runs it)
 *
 * Written in C against libebook-contacts so that EDS pays nothing a C application would not: through
 * PyGObject every call would add a wrapper and a string copy, which would slow EDS unfairly.
 *
 * The file is split into cards before any clock starts (EDS has no reader for a file of several cards; an
 * application splits it itself, so this favours EDS slightly). Each figure is the process CPU time of one
 * round over every card, best of the rounds. It prints key=value lines for the script:
 *
 *   construct  e_contact_new_from_vcard for each card, then g_object_unref. EContact parses lazily: this only
 *              copies each card's text; no property has been read.
 *   parse      every card read into a contact, every attribute of it read (its group, name, every parameter
 *              with its values and every decoded value: e_vcard_get_attributes and friends), all 10,000 contacts
 *              held, then all freed, inside the clock. This is the figure to set beside ours: our reader returns
 *              an array of contacts with every value decoded, which the caller then drops.
 *   parse_kept the same with the contacts freed after the clock stops, beside our "results kept" figure.
 *   stream     one card at a time: construct, read every attribute, unref, before the next card (memory stays
 *              in cache, and nothing like a whole book is ever held).
 *   serialize  e_vcard_to_string(..., EVC_FORMAT_VCARD_30) of every parsed contact, appended to one buffer (as
 *              our writer returns one Data), the strings freed. The contacts are parsed before the clock starts:
 *              EDS returns an unparsed card's original text as it is, which would not be serializing.
 */
#include <libebook-contacts/libebook-contacts.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return (double) now.tv_sec + (double) now.tv_nsec / 1e9;
}

/* The cards of the file, each a NUL-terminated copy from its BEGIN:VCARD to the line break after END:VCARD. */
static GPtrArray *split_cards(const gchar *text) {
    GPtrArray *cards = g_ptr_array_new_with_free_func(g_free);
    const gchar *start = strstr(text, "BEGIN:VCARD");
    while (start != NULL) {
        const gchar *end = strstr(start, "END:VCARD");
        if (end == NULL) break;
        end += strlen("END:VCARD");
        while (*end == '\r' || *end == '\n') end++;
        g_ptr_array_add(cards, g_strndup(start, (gsize) (end - start)));
        start = strstr(end, "BEGIN:VCARD");
    }
    return cards;
}

/* Reads every attribute of a contact as an application that shows or converts it would; returns a count of what
 * it touched so the compiler cannot drop the walk. */
static gsize read_every_value(EContact *contact) {
    gsize touched = 0;
    for (GList *attribute = e_vcard_get_attributes(E_VCARD(contact)); attribute != NULL; attribute = attribute->next) {
        EVCardAttribute *item = attribute->data;
        const gchar *group = e_vcard_attribute_get_group(item);
        const gchar *name = e_vcard_attribute_get_name(item);
        touched += (group != NULL ? strlen(group) : 0) + strlen(name);
        for (GList *parameter = e_vcard_attribute_get_params(item); parameter != NULL; parameter = parameter->next) {
            EVCardAttributeParam *param = parameter->data;
            touched += strlen(e_vcard_attribute_param_get_name(param));
            for (GList *value = e_vcard_attribute_param_get_values(param); value != NULL; value = value->next) {
                touched += strlen(value->data);
            }
        }
        for (GList *value = e_vcard_attribute_get_values(item); value != NULL; value = value->next) {
            touched += value->data != NULL ? strlen(value->data) : 0;
        }
    }
    return touched;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: vcard_bench <book.vcf> [rounds]\n");
        return 64;
    }
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    if (rounds < 1) rounds = 1;
    gchar *text = NULL;
    gsize length = 0;
    GError *error = NULL;
    if (!g_file_get_contents(argv[1], &text, &length, &error)) {
        fprintf(stderr, "cannot read %s: %s\n", argv[1], error->message);
        return 66;
    }
    GPtrArray *cards = split_cards(text);
    guint count = cards->len;
    EContact **contacts = g_new0(EContact *, count);
    gsize touched = 0;
    double best_construct = 1e9, best_stream = 1e9, best_parse = 1e9, best_kept = 1e9, best_serialize = 1e9;
    gsize serialized_bytes = 0;

    /* One untimed pass first, so every round finds the type system and the allocator warm. */
    for (guint i = 0; i < count; i++) {
        EContact *contact = e_contact_new_from_vcard(cards->pdata[i]);
        touched += read_every_value(contact);
        g_object_unref(contact);
    }

    for (int round = 0; round < rounds; round++) {
        double start = cpu_seconds();
        for (guint i = 0; i < count; i++) {
            EContact *contact = e_contact_new_from_vcard(cards->pdata[i]);
            if (round == 0 && i == 0 && e_vcard_is_parsed(E_VCARD(contact))) {
                fprintf(stderr, "note: EContact parsed on construction (not lazy)\n");
            }
            g_object_unref(contact);
        }
        double seconds = cpu_seconds() - start;
        if (seconds < best_construct) best_construct = seconds;

        start = cpu_seconds();
        for (guint i = 0; i < count; i++) {
            EContact *contact = e_contact_new_from_vcard(cards->pdata[i]);
            touched += read_every_value(contact);
            g_object_unref(contact);
        }
        seconds = cpu_seconds() - start;
        if (seconds < best_stream) best_stream = seconds;


        start = cpu_seconds();
        for (guint i = 0; i < count; i++) {
            contacts[i] = e_contact_new_from_vcard(cards->pdata[i]);
            touched += read_every_value(contacts[i]);
        }
        seconds = cpu_seconds() - start;
        if (seconds < best_kept) best_kept = seconds;

        /* The contacts just read are parsed: serialize them. */
        for (guint i = 0; i < count; i++) {
            if (!e_vcard_is_parsed(E_VCARD(contacts[i]))) {
                fprintf(stderr, "contact %u is not parsed: serializing would copy its text\n", i);
                return 70;
            }
        }
        start = cpu_seconds();
        GString *output = g_string_sized_new(length + length / 4);
        for (guint i = 0; i < count; i++) {
            gchar *card = e_vcard_to_string(E_VCARD(contacts[i]), EVC_FORMAT_VCARD_30);
            g_string_append(output, card);
            g_string_append(output, "\r\n");
            g_free(card);
        }
        serialized_bytes = output->len;
        g_string_free(output, TRUE);
        seconds = cpu_seconds() - start;
        if (seconds < best_serialize) best_serialize = seconds;

        for (guint i = 0; i < count; i++) g_object_unref(contacts[i]);

        /* Last in the round, so that serializing above always finds the heap as the kept contacts left it. */
        start = cpu_seconds();
        for (guint i = 0; i < count; i++) {
            contacts[i] = e_contact_new_from_vcard(cards->pdata[i]);
            touched += read_every_value(contacts[i]);
        }
        for (guint i = 0; i < count; i++) g_object_unref(contacts[i]);
        seconds = cpu_seconds() - start;
        if (seconds < best_parse) best_parse = seconds;
    }

    printf("cards=%u\n", count);
    printf("bytes=%zu\n", (size_t) length);
    printf("serialized_bytes=%zu\n", (size_t) serialized_bytes);
    printf("construct_ms=%.2f\n", best_construct * 1000);
    printf("stream_ms=%.2f\n", best_stream * 1000);
    printf("parse_ms=%.2f\n", best_parse * 1000);
    printf("parse_kept_ms=%.2f\n", best_kept * 1000);
    printf("serialize_ms=%.2f\n", best_serialize * 1000);
    printf("touched=%zu\n", (size_t) touched);
    g_free(contacts);
    g_ptr_array_unref(cards);
    g_free(text);
    return 0;
}
