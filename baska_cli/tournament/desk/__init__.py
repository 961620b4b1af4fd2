"""The registration desk: who came (present) and who paid the fee, kept in desk.csv."""
