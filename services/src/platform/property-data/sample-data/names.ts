/** Invented street and owner names for the sample dataset (common names, no real person or parcel intended). */
export const STREET_NAMES = [
  'Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Walnut', 'Sycamore', 'Willow', 'Magnolia', 'Juniper', 'Laurel', 'Acacia',
  'Orange', 'Lemon', 'Olive', 'Vista', 'Sierra', 'Mesa', 'Canyon', 'Ridge', 'Valley', 'Park', 'Lake', 'Hillcrest',
  'Sunset', 'Mission', 'Palm', 'Bay', 'Harbor', 'Ocean', 'Coral', 'Seabreeze', 'Highland', 'Meadow', 'Orchard', 'Vineyard',
  'Lincoln', 'Washington', 'Jefferson', 'Madison', 'Franklin', 'Monroe', 'Grant', 'Fremont', 'Serra', 'Portola', 'Anza',
  'El Camino', 'La Paz', 'Alta', 'Buena Vista', 'Del Mar', 'San Pablo', 'Santa Rosa', 'Los Robles', 'Camino Real',
  'Redwood', 'Sequoia', 'Manzanita', 'Chaparral', 'Poppy', 'Sage', 'Granite', 'Quail', 'Hawthorne', 'Birch', 'Aspen',
] as const;

export const STREET_SUFFIXES = ['Street', 'Avenue', 'Drive', 'Way', 'Court', 'Lane', 'Boulevard', 'Place', 'Road', 'Circle'] as const;

export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Daniel', 'Karen', 'Matthew', 'Nancy', 'Anthony', 'Lisa',
  'Jose', 'Maria', 'Luis', 'Ana', 'Carlos', 'Rosa', 'Miguel', 'Carmen', 'Juan', 'Sofia', 'Jorge', 'Gabriela',
  'Wei', 'Mei', 'Jun', 'Li', 'Hiroshi', 'Yuki', 'Minh', 'Linh', 'Tuan', 'Thi', 'Raj', 'Priya',
  'Arjun', 'Anjali', 'Sanjay', 'Deepa', 'Ji-woo', 'Min-jun', 'Seo-yeon', 'Kwame', 'Amara', 'Omar', 'Layla', 'Ahmed',
  'Fatima', 'Noah', 'Emma', 'Liam', 'Olivia', 'Ethan', 'Ava', 'Mason', 'Isabella', 'Lucas', 'Mia', 'Grace',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore',
  'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King',
  'Garcia', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Perez', 'Sanchez', 'Ramirez', 'Torres', 'Flores',
  'Rivera', 'Gomez', 'Diaz', 'Reyes', 'Morales', 'Cruz', 'Ortiz', 'Gutierrez', 'Chavez', 'Ramos', 'Castillo', 'Vargas',
  'Nguyen', 'Tran', 'Le', 'Pham', 'Chen', 'Wang', 'Li', 'Zhang', 'Liu', 'Huang', 'Wong', 'Lee', 'Kim', 'Park', 'Choi',
  'Tanaka', 'Yamamoto', 'Nakamura', 'Patel', 'Shah', 'Singh', 'Kumar', 'Gupta', 'Cohen', 'Murphy', 'Sullivan', "O'Brien",
  'Kowalski', 'Novak', 'Hassan', 'Ali', 'Okafor', 'Mensah', 'Santos', 'Silva', 'Rossi', 'Bianchi', 'Schmidt', 'Fischer',
] as const;
