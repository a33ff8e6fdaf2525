"""The desktop: a projection of the session drawn with Qt."""
