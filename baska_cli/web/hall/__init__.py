"""The tournament hall's routes: the organiser's page, the projector, the tables' confirmations."""
