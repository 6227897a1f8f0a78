"""kidswar: the card game War for children, parents and classrooms."""
